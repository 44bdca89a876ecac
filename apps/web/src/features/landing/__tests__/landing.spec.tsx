import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedOut } from '../../../test/render-app';
import { setViewportWidth } from '../../../test/viewport';
import { DEFAULT_DEMO_URL } from '../../../shared/links/demo';

/** Spec 000 §9, as a visitor reads it. */
const PLANS = [
  {
    name: 'Free',
    price: '$0',
    perMonth: true,
    lines: ['50 chat sessions per month', '100 API calls per month', 'Basic analytics', 'Email support'],
    action: 'Get Started Free',
    href: '/checkout?package=free',
  },
  {
    name: 'Basic',
    price: '$19',
    perMonth: true,
    lines: [
      '300 chat sessions per month',
      '1,000 API calls per month',
      'Advanced analytics',
      'Priority support',
      'Lead management',
    ],
    action: 'Choose Basic',
    href: '/checkout?package=basic',
  },
  {
    name: 'Pro',
    price: '$49',
    perMonth: true,
    lines: [
      '1,000 chat sessions per month',
      '5,000 API calls per month',
      'Premium analytics',
      '24x7 support',
      'Advanced integrations',
      'Custom branding',
    ],
    action: 'Choose Pro',
    href: '/checkout?package=pro',
  },
  {
    name: 'Enterprise',
    price: 'Custom',
    perMonth: false,
    lines: [
      'Unlimited chat sessions',
      'Unlimited API calls',
      'Custom analytics',
      'Dedicated support',
      'API access',
      'On-premise deployment',
    ],
    action: 'Contact Sales',
    href: '/checkout?package=enterprise',
  },
];

async function openLanding() {
  renderSignedOut('/');
  await screen.findByRole('heading', { name: 'Simple, transparent pricing' });
}

describe('landing page (signed out)', () => {
  it('has login and sign-up links and the language switch in the header', async () => {
    await openLanding();
    const header = screen.getByRole('banner');

    expect(within(header).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(header).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(header).getByTestId('language-switch')).toBeInTheDocument();
  });

  it('folds the header into a menu on a phone', async () => {
    setViewportWidth(390);
    await openLanding();
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(header).queryByTestId('language-switch')).not.toBeInTheDocument();

    await userEvent.click(within(header).getByRole('button', { name: 'Menu' }));

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(within(menu).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(menu).getByTestId('language-switch')).toBeInTheDocument();
  });

  it('has a hero with get-started and watch-demo actions and three feature cards', async () => {
    await openLanding();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'An AI agent that answers your customers around the clock',
    );
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Watch demo' })).toHaveAttribute('aria-haspopup', 'dialog');
    for (const feature of ['Smart chat automation', 'Lead capture', 'Analytics']) {
      expect(screen.getByRole('heading', { level: 4, name: feature })).toBeInTheDocument();
    }
  });

  it('names the channels that work: Facebook, Instagram and WhatsApp, not X yet', async () => {
    await openLanding();

    const channels = screen.getByTestId('landing-channels');
    expect(channels).toHaveTextContent(/^Works with Facebook, Instagram and WhatsApp$/);
    expect(
      Array.from(channels.querySelectorAll<HTMLElement>('[data-channel]')).map(
        (icon) => icon.dataset.channel,
      ),
    ).toEqual(['facebook', 'instagram', 'whatsapp']);
  });

  it('shows the four plans with the prices, quotas and features of the spec', async () => {
    await openLanding();

    expect(screen.getAllByRole('article')).toHaveLength(PLANS.length);
    for (const plan of PLANS) {
      const card = screen.getByRole('article', { name: plan.name });
      expect(within(card).getByRole('heading', { name: plan.name })).toBeInTheDocument();
      expect(within(card).getByText(plan.price)).toBeInTheDocument();
      expect(within(card).queryAllByText('/month')).toHaveLength(plan.perMonth ? 1 : 0);
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(plan.lines);
      expect(within(card).getByRole('link', { name: plan.action })).toHaveAttribute('href', plan.href);
    }
  });

  it('marks only Pro as Most Popular', async () => {
    await openLanding();

    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Pro' })).getByText('Most Popular'),
    ).toBeInTheDocument();
  });

  it('opens the external demo booking page in a new tab', async () => {
    await openLanding();

    const link = screen.getByRole('link', { name: 'Schedule a demo' });
    expect(link).toHaveAttribute('href', DEFAULT_DEMO_URL);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows © 2024 in the footer', async () => {
    await openLanding();

    expect(within(screen.getByRole('contentinfo')).getByText(/© 2024/)).toBeInTheDocument();
  });
});
