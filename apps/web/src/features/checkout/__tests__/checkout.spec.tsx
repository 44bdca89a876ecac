import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderSignedIn, renderSignedOut } from '../../../test/render-app';
import { DEFAULT_DEMO_URL } from '../../../shared/links/demo';
import { DEFAULT_SALES_EMAIL } from '../../../shared/links/plan-links';

/** The tests' configuration (jest.config.js): Basic has a payment link, Pro none. */
const BASIC_PAYMENT_LINK = 'https://pay.example.com/parley-basic';

async function openCheckout(plan: string) {
  renderSignedOut(`/checkout?package=${plan}`);
  await screen.findByRole('heading', { name: 'Checkout' });
}

function summaryLines(): (string | null)[] {
  const summary = screen.getByRole('region', { name: "What's included" });
  return within(summary)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('/checkout (visitor)', () => {
  it('Free: $0, nothing to pay, and an account to create', async () => {
    await openCheckout('free');

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$0');
    expect(summaryLines()).toEqual(['100 AI responses per month', 'Basic analytics', 'Email support']);
    expect(screen.getByText('No payment needed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create free account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/#pricing');
  });

  it('Basic: $19 a month, paid on the configured payment page', async () => {
    await openCheckout('basic');

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$19');
    expect(summaryLines()).toEqual([
      '1,000 AI responses per month',
      'Advanced analytics',
      'Priority support',
      'Lead management',
    ]);
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      BASIC_PAYMENT_LINK,
    );
    expect(screen.queryByTestId('checkout-payment-unavailable')).not.toBeInTheDocument();
  });

  it('Pro: $49 a month; without a payment link the button is disabled and says why', async () => {
    await openCheckout('pro');

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$49');
    expect(summaryLines()[0]).toBe('5,000 AI responses per month');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    expect(screen.getByTestId('checkout-payment-unavailable')).toHaveTextContent(
      `Online payment for this plan is not available yet. Please write to ${DEFAULT_SALES_EMAIL} to subscribe.`,
    );
  });

  it('Enterprise: contact sales by email, or book a demo in a new tab', async () => {
    await openCheckout('enterprise');

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$199');
    expect(summaryLines()[0]).toBe('Unlimited AI responses');
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SALES_EMAIL}?subject=Parley%20Enterprise%20plan`,
    );
    const demo = screen.getByRole('link', { name: 'Book a demo' });
    expect(demo).toHaveAttribute('href', DEFAULT_DEMO_URL);
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['/checkout?package=gold', '/checkout'])('%s asks to choose a plan', async (path) => {
    renderSignedOut(path);

    expect(await screen.findByRole('heading', { name: 'Choose a plan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/#pricing');
  });

  it('is reached from the landing page plans', async () => {
    renderSignedOut('/');

    await userEvent.click(await screen.findByRole('link', { name: 'Choose Pro' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
  });
});

describe('/checkout (signed in)', () => {
  it('Free is already the default plan: back to the dashboard; Back to Plans goes to /pricing', async () => {
    renderSignedIn('/checkout?package=free');

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Create free account' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/pricing');
  });
});

describe('/pricing: Choose Your Plan (signed in)', () => {
  const PLANS = [
    ['Free', '$0', '100 AI responses per month', 'Get Started Free', '/checkout?package=free'],
    ['Basic', '$19', '1,000 AI responses per month', 'Choose Basic', '/checkout?package=basic'],
    ['Pro', '$49', '5,000 AI responses per month', 'Choose Pro', '/checkout?package=pro'],
    ['Enterprise', '$199', 'Unlimited AI responses', 'Contact Sales', '/checkout?package=enterprise'],
  ];

  it('shows the four plans of spec 001 §9, Pro as Most Popular, and the current plan', async () => {
    renderSignedIn('/pricing');

    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    for (const [name, price, quota, action, href] of PLANS) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByText(price)).toBeInTheDocument();
      expect(within(card).getByText('/month')).toBeInTheDocument();
      expect(within(card).getByText(quota)).toBeInTheDocument();
      expect(within(card).getByRole('link', { name: action })).toHaveAttribute('href', href);
    }
    expect(
      within(screen.getByRole('article', { name: 'Pro' })).getByText('Most Popular'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(
      within(screen.getByRole('article', { name: 'Free' })).getByText('Current plan'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Current plan')).toHaveLength(1);
  });

  it('goes to the checkout of the chosen plan', async () => {
    renderSignedIn('/pricing');

    await userEvent.click(await screen.findByTestId('pricing-choose-basic'));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(window.location.search).toBe('?package=basic');
    expect(screen.getByRole('link', { name: 'Continue to payment' })).toHaveAttribute(
      'href',
      BASIC_PAYMENT_LINK,
    );
  });
});
