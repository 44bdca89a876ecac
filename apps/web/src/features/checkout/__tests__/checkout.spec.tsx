import type { PlanResponse } from '@parley/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../app/browser';
import { DEFAULT_DEMO_URL } from '../../../shared/links/demo';
import { DEFAULT_SALES_EMAIL } from '../../../shared/links/plan-links';
import { type FakeRoutes, json, requestsTo } from '../../../test/fake-api';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { BASIC_PAYMENT_LINK, PLANS } from '../../../test/fixtures/billing';
import { aUsage } from '../../../test/fixtures/usage';
import { renderSignedIn, renderSignedOut } from '../../../test/render-app';
import { findToast } from '../../../test/toasts';
import { ACTIVATION_POLL_MS } from '../components/PaymentReturn';

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

/** Signed in, with GET /api/plans answering `plans` and GET /api/usage answering Free. */
function openSignedIn(path: string, routes: FakeRoutes = {}, plans: PlanResponse[] = PLANS) {
  return renderSignedIn(path, undefined, {
    'GET /api/plans': () => json(200, plans),
    'GET /api/usage': () => json(200, aUsage(3, 50, 'free')),
    ...routes,
  });
}

describe('/checkout (visitor)', () => {
  it('Free: $0, nothing to pay, and an account to create', async () => {
    await openCheckout('free');

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$0');
    expect(summaryLines()).toEqual(['100 API calls per month', 'Basic analytics', 'Email support']);
    expect(screen.getByText('No payment needed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create free account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/#pricing');
  });

  it('Basic: $19 a month, bought after signing up or logging in (the payment carries the account)', async () => {
    const { fetchSpy } = renderSignedOut('/checkout?package=basic');
    await screen.findByRole('heading', { name: 'Checkout' });

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$19');
    expect(summaryLines()).toEqual([
      '1,000 API calls per month',
      'Advanced analytics',
      'Priority support',
      'Lead management',
    ]);
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByTestId('checkout-pay')).not.toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'GET /api/plans')).toHaveLength(0);
  });

  it('Enterprise: contact sales by email, or book a demo in a new tab', async () => {
    await openCheckout('enterprise');

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$199');
    expect(summaryLines()[0]).toBe('Unlimited API calls');
    expect(screen.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SALES_EMAIL}?subject=Parley%20Enterprise%20plan`,
    );
    const demo = screen.getByRole('link', { name: 'Book a demo' });
    expect(demo).toHaveAttribute('href', DEFAULT_DEMO_URL);
    expect(demo).toHaveAttribute('target', '_blank');
    expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each(['/checkout?package=gold', '/checkout'])('%s says the plan was not found', async (path) => {
    renderSignedOut(path);

    expect(await screen.findByRole('heading', { name: 'Plan not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/#pricing');
  });

  it('is reached from the landing page plans', async () => {
    renderSignedOut('/');

    await userEvent.click(await screen.findByRole('link', { name: 'Choose Pro' }));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeInTheDocument();
  });
});

describe('/checkout (signed in)', () => {
  it('Free activates through the API, then the dashboard shows the new plan', async () => {
    let usage = aUsage(3, 50, 'free');
    const { fetchSpy } = openSignedIn('/checkout?package=free', {
      'GET /api/usage': () => json(200, usage),
      'POST /api/billing/free': () => {
        usage = aUsage(3, 100, 'free');
        return json(200, usage);
      },
    });
    await screen.findByRole('heading', { name: 'Checkout' });
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/pricing');

    await userEvent.click(screen.getByTestId('checkout-activate'));

    expect((await findToast('The Free plan is active.')).kind).toBe('success');
    expect(requestsTo(fetchSpy, 'POST /api/billing/free')).toHaveLength(1);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() =>
      expect(screen.getByTestId('usage-text')).toHaveTextContent('3 of 100 API calls used'),
    );
  });

  it('Free already active (its calls are in the period): nothing to activate, a way to the dashboard', async () => {
    openSignedIn('/checkout?package=free', { 'GET /api/usage': () => json(200, aUsage(3, 100, 'free')) });

    expect(await screen.findByTestId('checkout-free-active')).toHaveTextContent(
      'You are on the Free plan: its monthly allowance is active.',
    );
    expect(screen.queryByTestId('checkout-activate')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('Free on a paid plan that is still running: the server says why, and nothing moves', async () => {
    const refusal = 'You are on the Pro plan until Jul 1, 2024; cancel it first';
    openSignedIn('/checkout?package=free', {
      'POST /api/billing/free': () => json(409, { statusCode: 409, message: refusal }),
    });

    await userEvent.click(await screen.findByTestId('checkout-activate'));

    expect((await findToast(refusal)).kind).toBe('error');
    expect(window.location.pathname).toBe('/checkout');
  });

  it('Basic: the summary is the server plan; payment sends the browser to its payment link', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const plans = PLANS.map((plan) => (plan.id === 'basic' ? { ...plan, monthlyApiCalls: 1200 } : plan));
    openSignedIn('/checkout?package=basic', {}, plans);
    await screen.findByRole('heading', { name: 'Checkout' });

    expect(summaryLines()[0]).toBe('1,200 API calls per month');
    expect(screen.queryByTestId('checkout-payment-unavailable')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(assign).toHaveBeenCalledWith(BASIC_PAYMENT_LINK);
  });

  it('Pro without a payment link: the button is disabled and says why', async () => {
    openSignedIn('/checkout?package=pro');
    await screen.findByRole('heading', { name: 'Checkout' });

    expect(screen.getByTestId('checkout-price')).toHaveTextContent('$49');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
    expect(screen.getByTestId('checkout-payment-unavailable')).toHaveTextContent(
      `Online payment for this plan is not available yet. Please write to ${DEFAULT_SALES_EMAIL} to subscribe.`,
    );
  });

  it('an unknown package says so and leads back to /pricing', async () => {
    openSignedIn('/checkout?package=platinum');

    expect(await screen.findByRole('heading', { name: 'Plan not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Plans' })).toHaveAttribute('href', '/pricing');
  });
});

describe('/checkout?status=success (back from the payment page)', () => {
  it('waits for the webhook ("activating…") and shows the new plan when usage_changed arrives', async () => {
    let usage = aUsage(3, 50, 'free');
    openSignedIn('/checkout?package=pro&status=success', { 'GET /api/usage': () => json(200, usage) });

    expect(await screen.findByTestId('checkout-activating')).toHaveTextContent(
      'Payment received, activating…',
    );
    act(() => FakeWebSocket.latest().open());

    usage = aUsage(0, 5000, 'pro');
    act(() =>
      FakeWebSocket.latest().receive({ type: 'usage_changed', message: '', data: { reason: 'plan' } }),
    );

    const activated = await screen.findByTestId('checkout-activated');
    expect(activated).toHaveTextContent('Your Pro plan is active');
    expect(activated).toHaveTextContent('You now have 5,000 API calls this period.');
    expect(screen.queryByTestId('checkout-activating')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/');
  });

  it(`asks GET /api/usage again every ${ACTIVATION_POLL_MS / 1000} s until the plan shows`, async () => {
    let usage = aUsage(3, 50, 'free');
    const { fetchSpy } = openSignedIn('/checkout?package=basic&status=success', {
      'GET /api/usage': () => json(200, usage),
    });
    await screen.findByTestId('checkout-activating');
    usage = aUsage(0, 1000, 'basic');

    expect(
      await screen.findByTestId('checkout-activated', {}, { timeout: ACTIVATION_POLL_MS + 3000 }),
    ).toHaveTextContent('Your Basic plan is active');
    expect(requestsTo(fetchSpy, 'GET /api/usage').length).toBeGreaterThanOrEqual(2);
  });
});

describe('/pricing: Choose Your Plan (signed in)', () => {
  const CARDS = [
    ['Free', '$0', '100 API calls per month', 'Get Started Free', '/checkout?package=free'],
    ['Basic', '$19', '1,000 API calls per month', 'Choose Basic', '/checkout?package=basic'],
    ['Pro', '$49', '5,000 API calls per month', 'Choose Pro', '/checkout?package=pro'],
    ['Enterprise', '$199', 'Unlimited API calls', 'Contact Sales', '/checkout?package=enterprise'],
  ];

  it('shows the four plans of GET /api/plans, Pro as Most Popular, and the current plan', async () => {
    openSignedIn('/pricing', { 'GET /api/usage': () => json(200, aUsage(3, 1000, 'basic')) });

    expect(await screen.findByRole('heading', { name: 'Choose Your Plan' })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    for (const [name, price, quota, action, href] of CARDS) {
      const card = screen.getByRole('article', { name });
      expect(within(card).getByText(price)).toBeInTheDocument();
      expect(within(card).getByText('/month')).toBeInTheDocument();
      expect(within(card).getByText(quota)).toBeInTheDocument();
      if (name !== 'Basic')
        expect(within(card).getByRole('link', { name: action })).toHaveAttribute('href', href);
    }
    expect(
      within(screen.getByRole('article', { name: 'Pro' })).getByText('Most Popular'),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    // The plan that runs is marked, and not bought twice: its button says so and leads nowhere.
    await waitFor(() => expect(screen.getByTestId('pricing-choose-basic')).toBeDisabled());
    const current = screen.getByTestId('pricing-choose-basic');
    expect(current).toHaveTextContent('Current plan');
    expect(screen.getAllByText('Current plan')).toHaveLength(2);
    expect(current).not.toHaveAttribute('href');
  });

  it('goes to the checkout of the chosen plan', async () => {
    openSignedIn('/pricing');

    await userEvent.click(await screen.findByTestId('pricing-choose-basic'));

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    expect(window.location.search).toBe('?package=basic');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });
});
