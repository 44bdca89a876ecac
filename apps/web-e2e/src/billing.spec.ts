// Billing in a browser (issues #21, #29): a new account is on Free already, then a Stripe-signed refill event
// (the stripe package's own test signature, the stack's development webhook secret) raises the usage
// card's limit live, without a reload.
import pg from 'pg';
import Stripe from 'stripe';
import { expect, signUpAndSignIn, test } from './fixtures';
import { fromSetup, STACK_ENV } from './stack-env';

/** billing-service's development default (apps/billing-service/src/config/billing.config.ts). */
const WEBHOOK_SECRET = 'whsec_parley_development_secret';
const REFILL_LINK_ID = 'plink_e2e_basic_refill';

/** What an operator does once per refill: tie the package to its Stripe payment link. */
async function tieBasicRefillToItsLink(): Promise<void> {
  const db = new pg.Client({ connectionString: fromSetup(STACK_ENV.databaseUrl) });
  await db.connect();
  try {
    await db.query(
      `update billing_service.usage_packages set payment_link = 'https://buy.stripe.com/e2e', payment_link_id = $1
        where id = 'basic'`,
      [REFILL_LINK_ID],
    );
  } finally {
    await db.end();
  }
}

test.describe('billing', () => {
  test('a new account is on Free with its 100 calls, and a paid refill raises the limit live', async ({
    page,
    mailbox,
  }) => {
    await tieBasicRefillToItsLink();
    await signUpAndSignIn(page, mailbox, 'billing');

    // Free from the first minute: the checkout of Free has nothing to activate.
    await page.goto('/checkout?package=free');
    await expect(page.getByTestId('checkout-free-active')).toBeVisible();
    await expect(page.getByTestId('checkout-activate')).toHaveCount(0);
    await page.goto('/');
    const card = page.getByTestId('usage-card');
    await expect(card).toHaveAttribute('data-limit', '100');

    const owner = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
    const payload = JSON.stringify({
      id: `evt_e2e_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_e2e_${Date.now()}`,
          object: 'checkout.session',
          mode: 'payment',
          client_reference_id: owner.id,
          payment_link: REFILL_LINK_ID,
          payment_status: 'paid',
          payment_intent: `pi_e2e_${Date.now()}`,
          amount_total: 900,
          currency: 'usd',
        },
      },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
    });
    const answer = await page.request.post('/api/webhooks/payments', {
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      data: payload,
    });
    expect(answer.status()).toBe(200);

    // The usage_changed event refreshes the card: 100 plan calls + 500 refill calls.
    await expect(card).toHaveAttribute('data-limit', '600');
    await page.goto('/billing');
    await expect(page.getByTestId('billing-history-row')).toHaveCount(1);
  });
});
