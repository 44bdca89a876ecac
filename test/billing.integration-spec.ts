import { randomUUID } from 'node:crypto';
import type {
  BillingOverviewResponse,
  PlanResponse,
  UsagePackageResponse,
  UsageResponse,
} from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import Stripe from 'stripe';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const WEBHOOK_SECRET = 'whsec_billing_system_test';

/**
 * Billing over HTTP on the whole stack: the catalogue with each owner's payment links, Free at once, and
 * Stripe-signed events through POST /api/webhooks/payments (raw bytes) into billing-service.
 */
describe('billing over HTTP: catalogue, Free, and the payment webhook', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }));
    a = await signedInOwner(stack.url, smtp, 'owner@billing-a.example');
    b = await signedInOwner(stack.url, smtp, 'owner@billing-b.example');
    await sql(
      infra.env.DATABASE_URL,
      `update billing_service.usage_packages set payment_link = 'https://buy.stripe.com/test_power',
         payment_link_id = 'plink_power' where id = 'power'`,
    );
    await sql(
      infra.env.DATABASE_URL,
      `update billing_service.plans set payment_link = 'https://buy.stripe.com/test_pro',
         payment_link_id = 'plink_pro' where id = 'pro'`,
    );
  }, 90_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  /** As Stripe posts it: the JSON bytes, signed; no session, no Origin. */
  function post(body: string, signature?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (signature !== undefined) headers['stripe-signature'] = signature;
    return fetch(`${stack.url}/api/webhooks/payments`, { method: 'POST', headers, body });
  }
  const sign = (payload: string, secret = WEBHOOK_SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const powerRefill = (ownerId: string) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${randomUUID()}`,
          object: 'checkout.session',
          client_reference_id: ownerId,
          payment_link: 'plink_power',
          payment_status: 'paid',
          payment_intent: `pi_${randomUUID()}`,
          amount_total: 2900,
          currency: 'usd',
          // Bytes beyond ASCII: the signature covers them as they came.
          metadata: { note: 'Café ☕ — مرحبا' },
        },
      },
    });

  it('serves the refills in order and the plans, each link carrying the owner', async () => {
    const packages = await call<UsagePackageResponse[]>(`${stack.url}/api/packages`, { cookie: a.cookie });
    expect(packages.status).toBe(200);
    expect(packages.body.map((p) => p.id)).toEqual(['basic', 'power', 'pro', 'unlimited']);
    expect(packages.body[1]).toMatchObject({
      apiCalls: 2000,
      price: 29,
      paymentLink: `https://buy.stripe.com/test_power?client_reference_id=${a.id}`,
    });
    const plans = await call<PlanResponse[]>(`${stack.url}/api/plans`, { cookie: a.cookie });
    expect(plans.body.map((p) => [p.id, p.monthlyApiCalls])).toEqual([
      ['free', 100],
      ['basic', 1000],
      ['pro', 5000],
      ['enterprise', null],
    ]);
    expect((await call(`${stack.url}/api/packages`)).status).toBe(401);
  });

  it("puts a freshly signed-up owner on the Free plan with the Free plan's calls, with no activation", async () => {
    const fresh = await signedInOwner(stack.url, smtp, 'owner@billing-fresh.example');
    const [free] = await sql<{ monthly_api_calls: number }>(
      infra.env.DATABASE_URL,
      `select monthly_api_calls from billing_service.plans where id = 'free'`,
    );
    expect(free.monthly_api_calls).toBe(100);
    const usage = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: fresh.cookie });
    expect(usage.body).toMatchObject({
      currentPackage: 'free',
      used: 0,
      limit: free.monthly_api_calls,
      remaining: free.monthly_api_calls,
      refillCalls: 0,
    });
    const overview = await call<BillingOverviewResponse>(`${stack.url}/api/billing`, {
      cookie: fresh.cookie,
    });
    expect(overview.body).toMatchObject({
      plan: 'free',
      status: 'active',
      allowance: { planCalls: free.monthly_api_calls, refillCalls: 0, used: 0 },
    });
    const me = await call<{ currentPackage: string }>(`${stack.url}/api/auth/me`, { cookie: fresh.cookie });
    expect(me.body.currentPackage).toBe('free');
    expect(
      await sql(
        infra.env.DATABASE_URL,
        `select current_package, api_calls_limit from billing_service.accounts where owner_id = $1`,
        [fresh.id],
      ),
    ).toEqual([{ current_package: 'free', api_calls_limit: free.monthly_api_calls }]);
  });

  it('activates Free at once and shows the period', async () => {
    const free = await call<UsageResponse>(`${stack.url}/api/billing/free`, {
      method: 'POST',
      cookie: a.cookie,
    });
    expect(free.status).toBe(200);
    expect(free.body).toMatchObject({ currentPackage: 'free', used: 0, limit: 100, refillCalls: 0 });
    const usage = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: a.cookie });
    expect(new Date(usage.body.periodEnd ?? '').getUTCDate()).toBe(1);
  });

  it('refuses an unsigned, wrongly signed or tampered event with 400 and credits nothing', async () => {
    const body = powerRefill(a.id);
    expect((await post(body)).status).toBe(400);
    expect((await post(body, sign(body, 'whsec_someone_else'))).status).toBe(400);
    expect((await post(body.replace('2900', '9999'), sign(body))).status).toBe(400);
    const usage = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: a.cookie });
    expect(usage.body).toMatchObject({ limit: 100, refillCalls: 0 });
  });

  it('credits a signed refill once, visible to its owner only', async () => {
    const body = powerRefill(a.id);
    const signature = sign(body);
    for (let i = 0; i < 2; i++) {
      const res = await post(body, signature);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    const usage = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: a.cookie });
    expect(usage.body).toMatchObject({ limit: 2100, refillCalls: 2000 });
    const mine = await call<BillingOverviewResponse>(`${stack.url}/api/billing`, { cookie: a.cookie });
    expect(mine.body).toMatchObject({
      plan: 'free',
      status: 'active',
      allowance: { planCalls: 100, refillCalls: 2000, used: 0 },
    });
    expect(
      mine.body.purchases.map((p) => [p.kind, p.packageId, p.apiCallsAdded, p.amountPaid, p.status]),
    ).toEqual([['refill', 'power', 2000, 29, 'completed']]);
    const theirs = await call<BillingOverviewResponse>(`${stack.url}/api/billing`, { cookie: b.cookie });
    expect(theirs.body.purchases).toEqual([]);
  });

  it('answers 200 to a refund ahead of its checkout and applies it when the checkout comes; a second event for the same checkout credits nothing', async () => {
    await call(`${stack.url}/api/packages`, { cookie: a.cookie }); // where the owner finds the payment link
    const before = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: a.cookie });
    const bought = await call<BillingOverviewResponse>(`${stack.url}/api/billing`, { cookie: a.cookie });
    const checkout = JSON.parse(powerRefill(a.id)) as {
      id: string;
      data: { object: { payment_intent: string } };
    };
    const refund = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `ch_${randomUUID()}`,
          object: 'charge',
          payment_intent: checkout.data.object.payment_intent,
          refunded: true,
          amount_refunded: 2900,
        },
      },
    });
    const early = await post(refund, sign(refund));
    expect(early.status).toBe(200);
    expect(await early.json()).toEqual({ received: true });

    for (const id of [checkout.id, `evt_${randomUUID()}`]) {
      const body = JSON.stringify({ ...checkout, id });
      expect((await post(body, sign(body))).status).toBe(200);
    }
    const usage = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: a.cookie });
    expect(usage.body).toMatchObject({ limit: before.body.limit, refillCalls: before.body.refillCalls });
    const mine = await call<BillingOverviewResponse>(`${stack.url}/api/billing`, { cookie: a.cookie });
    expect(mine.body.purchases.map((p) => [p.packageId, p.status])).toEqual([
      ['power', 'refunded'],
      ...bought.body.purchases.map((p) => [p.packageId, p.status]),
    ]);
  });

  it('shows a new plan in /api/auth/me at once, although the session was cached with the old one', async () => {
    const me = () => call<{ currentPackage: string }>(`${stack.url}/api/auth/me`, { cookie: b.cookie });
    expect((await me()).body.currentPackage).toBe('free');
    await call(`${stack.url}/api/plans`, { cookie: b.cookie }); // the Pricing page, where the payment link is
    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${randomUUID()}`,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: b.id,
          payment_link: 'plink_pro',
          payment_status: 'paid',
          invoice: `in_${randomUUID()}`,
          amount_total: 4900,
          currency: 'usd',
          subscription: `sub_${randomUUID()}`,
        },
      },
    });
    expect((await post(body, sign(body))).status).toBe(200);
    // The eviction follows billing's event; without it the cached 'free' would stay for 30 s.
    await until('the new plan in /api/auth/me', async () =>
      (await me()).body.currentPackage === 'pro' ? true : undefined,
    );
    const usage = await call<UsageResponse>(`${stack.url}/api/usage`, { cookie: b.cookie });
    expect(usage.body).toMatchObject({ currentPackage: 'pro', limit: 5000 });
  });
});
