import type { PlanId } from './plan-ids';
import { planMonthlyApiCalls } from './pricing-plans';

/** Feature keys of the landing-page plan cards; the web app words them through its locale files. */
export const LANDING_PLAN_FEATURES = [
  'basic_analytics',
  'advanced_analytics',
  'premium_analytics',
  'custom_analytics',
  'email_support',
  'priority_support',
  'support_24x7',
  'dedicated_support',
  'lead_management',
  'advanced_integrations',
  'custom_branding',
  'api_access',
  'on_premise',
] as const;

export type LandingPlanFeature = (typeof LANDING_PLAN_FEATURES)[number];

export interface LandingPlan {
  id: PlanId;
  name: string;
  /** US dollars per month; null: custom pricing. */
  monthlyPriceUsd: number | null;
  /** null: unlimited. The landing's own unit (spec 000 §9); the plan's API calls cover them. */
  chatSessionsPerMonth: number | null;
  /** The in-app unit, stated beside the chat sessions: the plan's API calls a month (null: unlimited). */
  monthlyApiCalls: number | null;
  features: readonly LandingPlanFeature[];
  /** Labelled Most Popular. */
  popular: boolean;
  /** The button reads Contact Sales instead of Choose {name}. Every button goes to /checkout?package={id}. */
  contactSales: boolean;
}

/** The pricing section of the landing page (spec 000 §9). */
export const LANDING_PLANS: readonly LandingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    chatSessionsPerMonth: 50,
    monthlyApiCalls: planMonthlyApiCalls('free'),
    features: ['basic_analytics', 'email_support'],
    popular: false,
    contactSales: false,
  },
  {
    id: 'basic',
    name: 'Basic',
    monthlyPriceUsd: 19,
    chatSessionsPerMonth: 300,
    monthlyApiCalls: planMonthlyApiCalls('basic'),
    features: ['advanced_analytics', 'priority_support', 'lead_management'],
    popular: false,
    contactSales: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 49,
    chatSessionsPerMonth: 1000,
    monthlyApiCalls: planMonthlyApiCalls('pro'),
    features: ['premium_analytics', 'support_24x7', 'advanced_integrations', 'custom_branding'],
    popular: true,
    contactSales: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: null,
    chatSessionsPerMonth: null,
    monthlyApiCalls: planMonthlyApiCalls('enterprise'),
    features: ['custom_analytics', 'dedicated_support', 'api_access', 'on_premise'],
    popular: false,
    contactSales: true,
  },
];
