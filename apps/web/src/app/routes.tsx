import {
  ApiOutlined,
  BarChartOutlined,
  BookOutlined,
  CommentOutlined,
  DashboardOutlined,
  InboxOutlined,
  MailOutlined,
  ProjectOutlined,
  RobotOutlined,
  ShareAltOutlined,
  ShoppingOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import type { Permission } from '../features/team/permissions';
import type en from '../locales/en/translation.json';

/** A route's name is also its i18n key: `routes.<name>.title` names the page and its menu entry. */
export type RouteName = keyof (typeof en)['routes'];

export interface AppRoute {
  name: RouteName;
  path: string;
  /** Every page is its own lazily loaded chunk. */
  Page: LazyExoticComponent<ComponentType>;
  /** Routes with an icon are the sidebar entries, in table order. */
  icon?: ReactNode;
  /**
   * What the member's role must allow (features/team `can`): without it the route is not in the sidebar and
   * its page says the role has no access. No permission: every member.
   */
  permission?: Permission;
}

const LandingPage = lazy(() => import('../features/landing/pages/LandingPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const CheckoutPage = lazy(() => import('../features/checkout/pages/CheckoutPage'));
/** The link of an invitation's mail (docs/teams.md): signed out it creates the account, signed in it joins. */
const InvitationPage = lazy(() => import('../features/auth/pages/InvitationPage'));

/** Spec 000 §2, signed out. Any other path shows the landing page. */
export const signedOutRoutes: readonly AppRoute[] = [
  { name: 'landing', path: '/', Page: LandingPage },
  { name: 'checkout', path: '/checkout', Page: CheckoutPage },
  { name: 'login', path: '/login', Page: lazy(() => import('../features/auth/pages/LoginPage')) },
  { name: 'register', path: '/register', Page: lazy(() => import('../features/auth/pages/RegisterPage')) },
  {
    name: 'forgotPassword',
    path: '/forgot-password',
    Page: lazy(() => import('../features/auth/pages/ForgotPasswordPage')),
  },
  {
    // Without a token the page says the link is invalid (spec 000 §2).
    name: 'resetPassword',
    path: '/reset-password/:token?',
    Page: lazy(() => import('../features/auth/pages/ResetPasswordPage')),
  },
  {
    name: 'verifyEmail',
    path: '/verify-email',
    Page: lazy(() => import('../features/auth/pages/VerifyEmailPage')),
  },
  {
    name: 'verificationSuccess',
    path: '/verification-success',
    Page: lazy(() => import('../features/auth/pages/VerificationSuccessPage')),
  },
  { name: 'invitation', path: '/invitations/:token', Page: InvitationPage },
];
export const SignedOutFallbackPage = LandingPage;

/**
 * Spec 000 §2, signed in. Any other path shows the not-found page. Also /pricing, the in-app Choose Your
 * Plan screen of spec 001 §2 (the spec names no path for it), /checkout, where its buttons lead,
 * /billing (plan, allowance and purchases) and /inbox (the conversations, issue #20).
 */
export const signedInRoutes: readonly AppRoute[] = [
  { name: 'dashboard', path: '/', Page: DashboardPage, icon: <DashboardOutlined /> },
  {
    // Beside the spec's nine entries: one conversation per customer (issue #20).
    name: 'inbox',
    path: '/inbox',
    Page: lazy(() => import('../features/inbox/pages/InboxPage')),
    icon: <InboxOutlined />,
  },
  {
    name: 'messages',
    path: '/messages',
    Page: lazy(() => import('../features/messages/pages/MessagesPage')),
    icon: <CommentOutlined />,
  },
  {
    name: 'customers',
    path: '/customers',
    Page: lazy(() => import('../features/customers/pages/CustomersPage')),
    icon: <TeamOutlined />,
  },
  {
    // Beside the spec's entries: the customers' stages as a board (issue 34).
    name: 'pipeline',
    path: '/pipeline',
    Page: lazy(() => import('../features/pipeline/pages/PipelinePage')),
    icon: <ProjectOutlined />,
  },
  {
    // Beside the spec's entries: the figures over a range, by channel, with a CSV file (issue 34).
    name: 'reports',
    path: '/reports',
    Page: lazy(() => import('../features/reports/pages/ReportsPage')),
    icon: <BarChartOutlined />,
    permission: 'viewReports',
  },
  {
    name: 'products',
    path: '/products',
    Page: lazy(() => import('../features/products/pages/ProductsPage')),
    icon: <ShoppingOutlined />,
  },
  {
    name: 'emailMarketing',
    path: '/email-marketing',
    Page: lazy(() => import('../features/email-marketing/pages/EmailMarketingPage')),
    icon: <MailOutlined />,
    permission: 'sendEmail',
  },
  {
    name: 'aiTraining',
    path: '/ai-training',
    Page: lazy(() => import('../features/ai-training/pages/AiTrainingPage')),
    icon: <BookOutlined />,
  },
  {
    name: 'socialMedia',
    path: '/social-media',
    Page: lazy(() => import('../features/social-media/pages/SocialMediaPage')),
    icon: <ShareAltOutlined />,
    permission: 'manageChannels',
  },
  {
    name: 'socialIntegrations',
    path: '/social-integrations',
    Page: lazy(() => import('../features/integrations/pages/IntegrationsPage')),
    icon: <ApiOutlined />,
    permission: 'manageChannels',
  },
  {
    name: 'aiConfig',
    path: '/ai-config',
    Page: lazy(() => import('../features/ai-config/pages/AiConfigPage')),
    icon: <RobotOutlined />,
    permission: 'configureAi',
  },
  {
    // Beside the spec's entries: the workspace's members and invitations (issue #33), for every member.
    name: 'team',
    path: '/team',
    Page: lazy(() => import('../features/team/pages/TeamPage')),
    icon: <UsergroupAddOutlined />,
  },
  { name: 'dashboard', path: '/dashboard', Page: DashboardPage },
  {
    // Without a platform the wizard says Invalid Platform (spec 001 §2).
    name: 'platformSetup',
    path: '/setup/:platform?',
    Page: lazy(() => import('../features/integrations/pages/PlatformSetupPage')),
    permission: 'manageChannels',
  },
  {
    name: 'testOauth',
    path: '/test-oauth',
    Page: lazy(() => import('../features/integrations/pages/TestOauthPage')),
    permission: 'manageChannels',
  },
  {
    name: 'businessSetup',
    path: '/business-setup',
    Page: lazy(() => import('../features/ai-config/pages/BusinessSetupPage')),
    permission: 'configureAi',
  },
  {
    name: 'pricing',
    path: '/pricing',
    Page: lazy(() => import('../features/pricing/pages/PricingPage')),
    permission: 'manageBilling',
  },
  { name: 'checkout', path: '/checkout', Page: CheckoutPage, permission: 'manageBilling' },
  {
    // Reached from the usage card and the user panel; the sidebar is the spec's nine entries, the inbox, the
    // pipeline and the reports.
    name: 'billing',
    path: '/billing',
    Page: lazy(() => import('../features/billing/pages/BillingPage')),
    permission: 'manageBilling',
  },
  { name: 'invitation', path: '/invitations/:token', Page: InvitationPage },
];
export const SignedInFallbackPage = lazy(() => import('../features/shell/pages/NotFoundPage'));

export const sidebarRoutes = signedInRoutes.filter((route) => route.icon !== undefined);
