import { randomUUID } from 'node:crypto';
import {
  AUTH_SUBJECTS,
  BILLING_SUBJECTS,
  type BillingOverviewResponse,
  ErrorCode,
  type OwnerEvent,
  type PlanResponse,
  REALTIME_SUBJECT,
  USAGE_SUBJECTS,
  type UsagePackageResponse,
  type UsageResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  Clock,
  connectNats,
  createServiceApp,
  loadConfig,
  type ServiceApp,
  ServiceClient,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import type { Migration } from '@mikro-orm/migrations';
import Stripe from 'stripe';
import { billingServiceModule } from '../src/app.module';
import { BillingConfig, DEVELOPMENT_STRIPE_WEBHOOK_SECRET } from '../src/config/billing.config';
import { Migration20261122000000 } from '../src/migrations/Migration20261122000000';
import { Migration20261122010000 } from '../src/migrations/Migration20261122010000';
import { Migration20261201000000 } from '../src/migrations/Migration20261201000000';
import { Migration20261218000000 } from '../src/migrations/Migration20261218000000';

/** The time billing sees: tests move it through a period's end. */
class TestClock extends Clock {
  time = new Date();
  now(): Date {
    return new Date(this.time);
  }
}

const DAY = 24 * 3600 * 1000;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const codec = JSONCodec();

describe('payments: plans, refills and periods (real PostgreSQL and NATS, Stripe-signed events)', () => {
  let infra: TestInfra;
  let billing: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let prefix: string;
  const clock = new TestClock();
  const realtime: OwnerEvent[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(BillingConfig, infra.env);
    billing = await createServiceApp('billing-service', billingServiceModule(config, clock), config);
    nc = await connectNats(config.NATS_URL, 'payments-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    prefix = config.NATS_PREFIX;
    nc.subscribe(`${prefix}${REALTIME_SUBJECT}`, {
      callback: (_err, msg) => realtime.push(msg.json<OwnerEvent>()),
    });
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    // What an operator does once per plan and refill: the hosted link, and its id (plink_…) events name.
    await db.query(`update billing_service.plans set payment_link = 'https://buy.stripe.com/test_' || id,
      payment_link_id = 'plink_plan_' || id where id in ('basic', 'pro')`);
    await db.query(`update billing_service.usage_packages set payment_link = 'https://buy.stripe.com/test_r_' || id,
      payment_link_id = 'plink_refill_' || id where id in ('basic', 'power')`);
  });

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await billing?.app.close();
    await infra?.cleanup();
  });

  const as = (ownerId: string) => ({ actor: workspaceActor(ownerId) });
  const usageOf = (ownerId: string) => client.send<UsageResponse>(USAGE_SUBJECTS.get, {}, as(ownerId));
  const consume = (ownerId: string, key = randomUUID()) =>
    client.send<UsageResponse>(USAGE_SUBJECTS.consume, { key }, as(ownerId));
  const overviewOf = (ownerId: string) =>
    client.send<BillingOverviewResponse>(BILLING_SUBJECTS.overview, {}, as(ownerId));
  /** An owner billing knows: one who was handed their payment links. */
  const knownOwner = async () => {
    const ownerId = randomUUID();
    await client.send(BILLING_SUBJECTS.listPackages, {}, as(ownerId));
    return ownerId;
  };

  function deliver(
    event: object,
    sign: { secret?: string; timestamp?: number; header?: string | null } = {},
  ) {
    const body = JSON.stringify(event);
    const signature =
      sign.header === null
        ? undefined
        : (sign.header ??
          Stripe.webhooks.generateTestHeaderString({
            payload: body,
            secret: sign.secret ?? DEVELOPMENT_STRIPE_WEBHOOK_SECRET,
            timestamp: sign.timestamp,
          }));
    return client.send<{ received: true }>(BILLING_SUBJECTS.paymentWebhook, { body, signature });
  }

  const event = <T extends object>(type: string, object: T) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type,
    data: { object },
  });
  const refillCheckout = (ownerId: string, packageId: string, amountCents = 2900) =>
    event('checkout.session.completed', {
      id: `cs_${randomUUID()}`,
      object: 'checkout.session',
      mode: 'payment',
      client_reference_id: ownerId,
      payment_link: `plink_refill_${packageId}`,
      payment_status: 'paid',
      payment_intent: `pi_${randomUUID()}`,
      amount_total: amountCents,
      currency: 'usd',
    });
  const planCheckout = (
    ownerId: string,
    planId: string,
    period: { start: Date; end: Date },
    subscriptionId: string,
  ) =>
    event('checkout.session.completed', {
      id: `cs_${randomUUID()}`,
      object: 'checkout.session',
      mode: 'subscription',
      client_reference_id: ownerId,
      payment_link: `plink_plan_${planId}`,
      payment_status: 'paid',
      invoice: `in_${randomUUID()}`,
      amount_total: 1900,
      currency: 'usd',
      subscription: {
        id: subscriptionId,
        object: 'subscription',
        items: {
          data: [{ current_period_start: seconds(period.start), current_period_end: seconds(period.end) }],
        },
      },
    });
  const invoicePaid = (
    subscriptionId: string,
    period: { start: Date; end: Date },
    reason = 'subscription_cycle',
  ) =>
    event('invoice.paid', {
      id: `in_${randomUUID()}`,
      object: 'invoice',
      billing_reason: reason,
      amount_paid: 1900,
      currency: 'usd',
      parent: { subscription_details: { subscription: subscriptionId } },
      lines: { data: [{ period: { start: seconds(period.start), end: seconds(period.end) } }] },
    });

  const purchasesOf = async (ownerId: string) =>
    (
      await db.query(
        'select kind, package_id, api_calls_added, amount_paid_cents, status from billing_service.user_purchases where owner_id = $1',
        [ownerId],
      )
    ).rows;

  it('lists the refills on sale in their order, with this owner’s payment links', async () => {
    const ownerId = randomUUID();
    const packages = await client.send<UsagePackageResponse[]>(
      BILLING_SUBJECTS.listPackages,
      {},
      as(ownerId),
    );
    expect(packages.map((p) => [p.id, p.apiCalls, p.price, p.sortOrder])).toEqual([
      ['basic', 500, 9, 1],
      ['power', 2000, 29, 2],
      ['pro', 5000, 59, 3],
      ['unlimited', 20000, 199, 4],
    ]);
    expect(packages[1].paymentLink).toBe(
      `https://buy.stripe.com/test_r_power?client_reference_id=${ownerId}`,
    );
    expect(packages[2].paymentLink).toBeNull();

    await db.query(`update billing_service.usage_packages set sort_order = 0 where id = 'pro'`);
    const reordered = await client.send<UsagePackageResponse[]>(
      BILLING_SUBJECTS.listPackages,
      {},
      as(ownerId),
    );
    await db.query(`update billing_service.usage_packages set sort_order = 3 where id = 'pro'`);
    expect(reordered.map((p) => p.id)).toEqual(['pro', 'basic', 'power', 'unlimited']);
  });

  it('serves the plans with the quota it enforces and a payment link only where one is configured', async () => {
    const ownerId = randomUUID();
    const plans = await client.send<PlanResponse[]>(BILLING_SUBJECTS.listPlans, {}, as(ownerId));
    expect(plans.map((p) => [p.id, p.monthlyPriceUsd, p.monthlyApiCalls, p.checkout])).toEqual([
      ['free', 0, 100, 'activate'],
      ['basic', 19, 1000, 'payment_link'],
      ['pro', 49, 5000, 'payment_link'],
      ['enterprise', 199, null, 'contact_sales'],
    ]);
    expect(plans.map((p) => p.paymentLink)).toEqual([
      null,
      `https://buy.stripe.com/test_basic?client_reference_id=${ownerId}`,
      `https://buy.stripe.com/test_pro?client_reference_id=${ownerId}`,
      null,
    ]);
  });

  it('refuses a wrong, missing, stale or tampered signature with 400, and changes nothing', async () => {
    const ownerId = await knownOwner();
    const paid = refillCheckout(ownerId, 'power');
    const refused = [
      deliver(paid, { secret: 'whsec_not_ours' }),
      deliver(paid, { header: null }),
      deliver(paid, { header: 't=1,v1=deadbeef' }),
      deliver(paid, { timestamp: Math.floor(Date.now() / 1000) - 400 }),
      client.send(BILLING_SUBJECTS.paymentWebhook, {
        body: JSON.stringify({ ...paid, id: 'evt_other' }),
        signature: Stripe.webhooks.generateTestHeaderString({
          payload: JSON.stringify(paid),
          secret: DEVELOPMENT_STRIPE_WEBHOOK_SECRET,
        }),
      }),
    ];
    for (const attempt of refused)
      await expect(attempt).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });
    expect(await usageOf(ownerId)).toMatchObject({ limit: 100, refillCalls: 0 });
    expect(await purchasesOf(ownerId)).toEqual([]);
    const { rows } = await db.query(
      'select count(*)::int as n from billing_service.payment_events where id = $1',
      [paid.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('credits a refill once, however often its event is replayed', async () => {
    const ownerId = await knownOwner();
    const paid = refillCheckout(ownerId, 'power');
    expect(await deliver(paid)).toEqual({ received: true });
    expect(await deliver(paid)).toEqual({ received: true });
    expect(await usageOf(ownerId)).toMatchObject({ limit: 2100, refillCalls: 2000, currentPackage: 'free' });
    expect(await purchasesOf(ownerId)).toEqual([
      {
        kind: 'refill',
        package_id: 'power',
        api_calls_added: 2000,
        amount_paid_cents: 2900,
        status: 'completed',
      },
    ]);
    await nc.flush();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const changed = realtime.filter((e) => e.ownerId === ownerId && e.event.type === 'usage_changed');
    expect(changed.map((e) => e.event.data)).toEqual([{ reason: 'purchase' }]);
  });

  it('credits one event once when ten deliveries of it arrive at the same time', async () => {
    const ownerId = await knownOwner();
    const paid = refillCheckout(ownerId, 'basic', 900);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(paid)));
    expect(answers).toEqual(Array.from({ length: 10 }, () => ({ received: true })));
    expect(await usageOf(ownerId)).toMatchObject({ limit: 600, refillCalls: 500 });
    expect(await purchasesOf(ownerId)).toHaveLength(1);
  });

  it('acknowledges an event for an unknown owner or payment link and credits nobody', async () => {
    const stranger = randomUUID();
    await expect(deliver(refillCheckout(stranger, 'power'))).resolves.toEqual({ received: true });
    await expect(deliver(refillCheckout('not-a-uuid', 'power'))).resolves.toEqual({ received: true });
    const ownerId = await knownOwner();
    await expect(deliver(refillCheckout(ownerId, 'nothing'))).resolves.toEqual({ received: true });
    expect(await usageOf(ownerId)).toMatchObject({ limit: 100 });
    expect(await purchasesOf(stranger)).toEqual([]);
  });

  it('starts a plan for the subscription period, renews it on invoice.paid, and ends it on cancellation at the period end', async () => {
    const ownerId = await knownOwner();
    await deliver(refillCheckout(ownerId, 'basic', 900));
    // 100 of the first period's calls, then 10 refill calls.
    await Promise.all(Array.from({ length: 110 }, () => consume(ownerId)));
    const start = clock.now();
    const first = { start, end: new Date(start.getTime() + 30 * DAY) };
    const subscription = `sub_${randomUUID()}`;
    await deliver(planCheckout(ownerId, 'basic', first, subscription));
    expect(await usageOf(ownerId)).toMatchObject({
      currentPackage: 'basic',
      used: 0,
      limit: 1490,
      refillCalls: 490,
      warningLevel: 0,
      periodStart: new Date(seconds(first.start) * 1000).toISOString(),
      periodEnd: new Date(seconds(first.end) * 1000).toISOString(),
    });

    // The first invoice comes with the checkout: nothing more.
    await deliver(invoicePaid(subscription, first, 'subscription_create'));
    for (let i = 0; i < 1200; i += 100)
      await Promise.all(Array.from({ length: 100 }, () => consume(ownerId)));
    expect(await usageOf(ownerId)).toMatchObject({ used: 1200, warningLevel: 1 });

    const second = { start: first.end, end: new Date(first.end.getTime() + 30 * DAY) };
    await deliver(invoicePaid(subscription, second));
    // 1000 plan calls were used first, then 200 refill calls: 290 carry over.
    expect(await usageOf(ownerId)).toMatchObject({ used: 0, limit: 1290, refillCalls: 290, warningLevel: 0 });
    const { rows } = await db.query(
      'select warning_level from billing_service.accounts where owner_id = $1',
      [ownerId],
    );
    expect(rows[0].warning_level).toBe(0);
    expect((await overviewOf(ownerId)).purchases.map((p) => [p.kind, p.name, p.amountPaid])).toEqual([
      ['plan', 'Basic', 19],
      ['plan', 'Basic', 19],
      ['refill', 'Basic', 9],
    ]);

    await deliver(event('customer.subscription.deleted', { id: subscription, object: 'subscription' }));
    expect(await overviewOf(ownerId)).toMatchObject({ plan: 'basic', status: 'cancelling' });
    await consume(ownerId);

    clock.time = new Date(second.end.getTime() + 1000);
    const free = await usageOf(ownerId);
    expect(free).toMatchObject({ currentPackage: 'free', used: 0, limit: 100 + 290, refillCalls: 290 });
    expect(new Date(free.periodStart).getUTCDate()).toBe(1);
    expect(await overviewOf(ownerId)).toMatchObject({ plan: 'free', status: 'active' });
    // The subscription is forgotten: a late invoice of it renews nothing.
    await deliver(
      invoicePaid(subscription, { start: second.end, end: new Date(second.end.getTime() + 30 * DAY) }),
    );
    expect(await usageOf(ownerId)).toMatchObject({ currentPackage: 'free', limit: 390 });
    clock.time = new Date();
    // 1 200 consumes: 3.5 s on a quiet machine, over Jest's 5 s when the machine is busy; a test cut off
    // keeps running and moves the clock under the next ones.
  }, 30_000);

  it('a cancellation from the customer portal (subscription updated) ends the plan at the period end; undoing it keeps the plan', async () => {
    const ownerId = await knownOwner();
    const period = { start: new Date(Date.now() - DAY), end: new Date(Date.now() + 29 * DAY) };
    const subscription = `sub_${randomUUID()}`;
    await deliver(planCheckout(ownerId, 'pro', period, subscription));
    const updated = (cancelAtPeriodEnd: boolean) =>
      event('customer.subscription.updated', {
        id: subscription,
        object: 'subscription',
        cancel_at_period_end: cancelAtPeriodEnd,
        cancel_at: null,
        items: {
          data: [{ current_period_start: seconds(period.start), current_period_end: seconds(period.end) }],
        },
      });

    await deliver(updated(true));
    expect(await overviewOf(ownerId)).toMatchObject({
      plan: 'pro',
      status: 'cancelling',
      periodEnd: new Date(seconds(period.end) * 1000).toISOString(),
    });
    await deliver(updated(false));
    expect(await overviewOf(ownerId)).toMatchObject({ plan: 'pro', status: 'active' });

    await deliver(updated(true));
    clock.time = new Date(period.end.getTime() + 1000);
    expect(await usageOf(ownerId)).toMatchObject({ currentPackage: 'free' });
    // Stripe's own end of the subscription, arriving after: nothing more changes.
    await deliver(event('customer.subscription.deleted', { id: subscription, object: 'subscription' }));
    expect(await overviewOf(ownerId)).toMatchObject({ plan: 'free', status: 'active' });
    clock.time = new Date();
  });

  it('takes a refunded refill back only as far as it is unused: the owner is then at the limit, never below', async () => {
    const ownerId = await knownOwner();
    const paid = refillCheckout(ownerId, 'basic', 900);
    await deliver(paid);
    for (let i = 0; i < 300; i += 100) await Promise.all(Array.from({ length: 100 }, () => consume(ownerId)));
    const refund = event('charge.refunded', {
      id: `ch_${randomUUID()}`,
      object: 'charge',
      payment_intent: paid.data.object.payment_intent,
      refunded: true,
      amount_refunded: 900,
    });
    await deliver(refund);
    await deliver(refund);
    expect(await usageOf(ownerId)).toMatchObject({ used: 300, limit: 300, remaining: 0, percentage: 100 });
    await expect(consume(ownerId)).rejects.toMatchObject({ code: ErrorCode.QuotaExceeded });
    expect(await purchasesOf(ownerId)).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  describe('each purchase once, and a later event kept until its purchase arrives', () => {
    const refundOf = (paymentIntent: string, amountCents: number) =>
      event('charge.refunded', {
        id: `ch_${randomUUID()}`,
        object: 'charge',
        payment_intent: paymentIntent,
        refunded: true,
        amount_refunded: amountCents,
      });
    /** The same checkout, as Stripe might send it again under another event id. */
    const again = <T extends { id: string }>(sent: T): T => ({ ...sent, id: `evt_${randomUUID()}` });

    it('keeps a refund that arrives before its checkout, and takes the calls back once the checkout arrives', async () => {
      const ownerId = await knownOwner();
      const paid = refillCheckout(ownerId, 'power');
      const refund = refundOf(paid.data.object.payment_intent, 2900);
      expect(await deliver(refund)).toEqual({ received: true });
      // The same refund again under another event id, also ahead of the checkout.
      expect(await deliver(again(refund))).toEqual({ received: true });
      expect(await usageOf(ownerId)).toMatchObject({ limit: 100, refillCalls: 0 });

      expect(await deliver(paid)).toEqual({ received: true });
      expect(await usageOf(ownerId)).toMatchObject({ limit: 100, refillCalls: 0, used: 0 });
      expect(await purchasesOf(ownerId)).toEqual([
        expect.objectContaining({ package_id: 'power', api_calls_added: 2000, status: 'refunded' }),
      ]);
      // Applied, nothing is left waiting; a third copy of the refund changes nothing.
      const { rows } = await db.query(
        'select count(*)::int as n from billing_service.pending_payment_events where $1 = any(keys)',
        [paid.data.object.payment_intent],
      );
      expect(rows[0].n).toBe(0);
      await deliver(again(refund));
      expect(await usageOf(ownerId)).toMatchObject({ limit: 100, refillCalls: 0 });
    });

    it('ends a plan whose subscription.deleted arrived before its checkout, once the checkout is applied', async () => {
      const ownerId = await knownOwner();
      const start = clock.now();
      const period = { start, end: new Date(start.getTime() + 30 * DAY) };
      const subscription = `sub_${randomUUID()}`;
      expect(
        await deliver(event('customer.subscription.deleted', { id: subscription, object: 'subscription' })),
      ).toEqual({ received: true });
      expect(await overviewOf(ownerId)).toMatchObject({ plan: 'free', status: 'active' });

      await deliver(planCheckout(ownerId, 'basic', period, subscription));
      expect(await overviewOf(ownerId)).toMatchObject({
        plan: 'basic',
        status: 'cancelling',
        periodEnd: new Date(seconds(period.end) * 1000).toISOString(),
      });
      clock.time = new Date(period.end.getTime() + 1000);
      expect(await usageOf(ownerId)).toMatchObject({ currentPackage: 'free', limit: 100 });
      clock.time = new Date();
    });

    it('credits the same checkout session once when it comes again under a new event id', async () => {
      const ownerId = await knownOwner();
      const paid = refillCheckout(ownerId, 'basic', 900);
      await deliver(paid);
      // Another event id, another payment intent, the same session.
      await deliver({
        ...again(paid),
        data: { object: { ...paid.data.object, payment_intent: `pi_${randomUUID()}` } },
      });
      expect(await usageOf(ownerId)).toMatchObject({ limit: 600, refillCalls: 500 });
      expect(await purchasesOf(ownerId)).toHaveLength(1);

      // A plan's session too: the second copy starts no new period.
      const start = clock.now();
      const plan = planCheckout(
        ownerId,
        'pro',
        { start, end: new Date(start.getTime() + 30 * DAY) },
        `sub_${randomUUID()}`,
      );
      await deliver(plan);
      await consume(ownerId);
      await deliver(again(plan));
      expect(await usageOf(ownerId)).toMatchObject({ currentPackage: 'pro', used: 1 });
      expect(await purchasesOf(ownerId)).toHaveLength(2);
    });

    it('credits the same payment intent once when it comes again under a new event id', async () => {
      const ownerId = await knownOwner();
      const paid = refillCheckout(ownerId, 'basic', 900);
      await deliver(paid);
      await deliver({
        ...again(paid),
        data: { object: { ...paid.data.object, id: `cs_${randomUUID()}` } },
      });
      expect(await usageOf(ownerId)).toMatchObject({ limit: 600, refillCalls: 500 });
      const { rows } = await db.query(
        'select count(*)::int as n from billing_service.user_purchases where payment_id = $1',
        [paid.data.object.payment_intent],
      );
      expect(rows[0].n).toBe(1);
    });

    it('credits once when copies of one checkout under different event ids arrive at the same time', async () => {
      const ownerId = await knownOwner();
      const paid = refillCheckout(ownerId, 'power');
      const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(again(paid))));
      expect(answers).toEqual(Array.from({ length: 6 }, () => ({ received: true })));
      expect(await usageOf(ownerId)).toMatchObject({ limit: 2100, refillCalls: 2000 });
      expect(await purchasesOf(ownerId)).toHaveLength(1);
    });

    it('applies a refund and its checkout arriving at the same time, whichever is first', async () => {
      const ownerId = await knownOwner();
      const paid = refillCheckout(ownerId, 'basic', 900);
      const refund = refundOf(paid.data.object.payment_intent, 900);
      await Promise.all([deliver(refund), deliver(paid)]);
      expect(await usageOf(ownerId)).toMatchObject({ limit: 100, refillCalls: 0 });
      expect(await purchasesOf(ownerId)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    });

    it('drops a kept event after 30 days: the purchase it waits for is not coming', async () => {
      await db.query(
        `insert into billing_service.pending_payment_events (id, type, keys, object, received_at)
         values ('evt_stale', 'charge.refunded', '{pi_never}', '{}', now() - interval '31 days'),
                ('evt_recent', 'charge.refunded', '{pi_later}', '{}', now() - interval '29 days')`,
      );
      await deliver(refundOf(`pi_${randomUUID()}`, 900));
      const { rows } = await db.query(
        `select id from billing_service.pending_payment_events where id in ('evt_stale', 'evt_recent')`,
      );
      expect(rows).toEqual([{ id: 'evt_recent' }]);
    });

    it('renews once for one invoice, whatever event id carries it', async () => {
      const ownerId = await knownOwner();
      const first = { start: clock.now(), end: new Date(clock.now().getTime() + 30 * DAY) };
      const subscription = `sub_${randomUUID()}`;
      await deliver(planCheckout(ownerId, 'basic', first, subscription));
      const second = { start: first.end, end: new Date(first.end.getTime() + 30 * DAY) };
      const renewal = invoicePaid(subscription, second);
      await deliver(renewal);
      await deliver(again(renewal));
      expect((await purchasesOf(ownerId)).map((p) => p.kind)).toEqual(['plan', 'plan']);
    });
  });

  it('adds the payment keys to purchases recorded before, keying the oldest of a double credit, without failing', async () => {
    const schema = `billing_migration_${randomUUID().slice(0, 8)}`;
    const scratch = new Client({ connectionString: infra.env.DATABASE_URL });
    await scratch.connect();
    const run = async (migration: Migration) => {
      await migration.up();
      for (const query of migration.getQueries()) await scratch.query(query as string);
    };
    try {
      await scratch.query(`create schema ${schema}; set search_path to ${schema}`);
      for (const Before of [Migration20261122000000, Migration20261122010000, Migration20261201000000])
        await run(new Before(undefined as never, undefined as never));
      const owner = randomUUID();
      // As the bug left them: one payment intent credited twice, an invoice, a session, an event id.
      await scratch.query(
        `insert into user_purchases (owner_id, kind, package_id, name, amount_paid_cents, currency, payment_id, event_id, created_at)
         values ($1, 'refill', 'basic', 'Basic', 900, 'usd', 'pi_twice', 'evt_1', now() - interval '2 days'),
                ($1, 'refill', 'basic', 'Basic', 900, 'usd', 'pi_twice', 'evt_2', now() - interval '1 day'),
                ($1, 'plan', 'pro', 'Pro', 4900, 'usd', 'in_once', 'evt_3', now()),
                ($1, 'plan', 'pro', 'Pro', 4900, 'usd', 'cs_once', 'evt_4', now()),
                ($1, 'plan', 'pro', 'Pro', 4900, 'usd', 'evt_5', 'evt_5', now())`,
        [owner],
      );
      await run(new Migration20261218000000(undefined as never, undefined as never));
      const { rows } = await scratch.query(
        `select event_id, payment_intent_id, invoice_id, checkout_session_id from user_purchases order by event_id`,
      );
      expect(rows).toEqual([
        { event_id: 'evt_1', payment_intent_id: 'pi_twice', invoice_id: null, checkout_session_id: null },
        { event_id: 'evt_2', payment_intent_id: null, invoice_id: null, checkout_session_id: null },
        { event_id: 'evt_3', payment_intent_id: null, invoice_id: 'in_once', checkout_session_id: null },
        { event_id: 'evt_4', payment_intent_id: null, invoice_id: null, checkout_session_id: 'cs_once' },
        { event_id: 'evt_5', payment_intent_id: null, invoice_id: null, checkout_session_id: null },
      ]);
      await expect(
        scratch.query(
          `insert into user_purchases (owner_id, kind, package_id, name, amount_paid_cents, currency, payment_id, event_id, payment_intent_id)
           values ($1, 'refill', 'basic', 'Basic', 900, 'usd', 'pi_twice', 'evt_6', 'pi_twice')`,
          [owner],
        ),
      ).rejects.toThrow(/user_purchases_payment_intent_id/);
    } finally {
      await scratch.query(`drop schema if exists ${schema} cascade`);
      await scratch.end();
    }
  });

  it("renews Free each calendar month: nothing used, the Free plan's calls, warning levels from 0", async () => {
    const ownerId = await knownOwner();
    await Promise.all(Array.from({ length: 90 }, () => consume(ownerId)));
    expect(await usageOf(ownerId)).toMatchObject({ used: 90, limit: 100, warningLevel: 2 });
    const now = clock.now();
    clock.time = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3));
    // The next consume renews the period first, then counts.
    expect(await consume(ownerId)).toMatchObject({ used: 1, limit: 100, warningLevel: 0, refillCalls: 0 });
    expect((await usageOf(ownerId)).periodStart).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    );
    const { rows } = await db.query(
      'select warning_level from billing_service.accounts where owner_id = $1',
      [ownerId],
    );
    expect(rows[0].warning_level).toBe(0);
    clock.time = new Date();
  });

  it('activates Free at once, and refuses while a paid plan runs', async () => {
    const ownerId = await knownOwner();
    expect(await client.send(BILLING_SUBJECTS.activateFree, {}, as(ownerId))).toMatchObject({
      currentPackage: 'free',
      limit: 100,
    });
    const paying = await knownOwner();
    const start = clock.now();
    await deliver(
      planCheckout(
        paying,
        'pro',
        { start, end: new Date(start.getTime() + 30 * DAY) },
        `sub_${randomUUID()}`,
      ),
    );
    await expect(client.send(BILLING_SUBJECTS.activateFree, {}, as(paying))).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: expect.stringMatching(/^You are on the Pro plan until \d{4}-\d\d-\d\d; cancel it first$/),
    });
    expect(await usageOf(paying)).toMatchObject({ currentPackage: 'pro', limit: 5000 });
  });

  it('shows an owner their own purchases only', async () => {
    const buyer = await knownOwner();
    const other = await knownOwner();
    await deliver(refillCheckout(buyer, 'power'));
    expect((await overviewOf(buyer)).purchases).toHaveLength(1);
    expect(await overviewOf(other)).toMatchObject({ purchases: [], allowance: { refillCalls: 0 } });
  });

  it('mails the owner at a warning level, once; a mail that fails never fails the call', async () => {
    const mails: { ownerId?: string; data: unknown }[] = [];
    let fail = true;
    const sub = nc.subscribe(`${prefix}${AUTH_SUBJECTS.sendUsageWarning}`, {
      callback: (_err, msg) => {
        const packet = codec.decode(msg.data) as {
          id: string;
          data: { actor?: { userId: string }; data: unknown };
        };
        mails.push({ ownerId: packet.data.actor?.userId, data: packet.data.data });
        const answer = fail ? { err: { code: 'INTERNAL', message: 'smtp down' } } : { response: {} };
        msg.respond(codec.encode({ id: packet.id, ...answer, isDisposed: true }));
      },
    });
    const ownerId = await knownOwner();
    for (let i = 0; i < 80; i++) await consume(ownerId);
    fail = false;
    for (let i = 0; i < 10; i++) await consume(ownerId);
    await nc.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    sub.unsubscribe();
    expect(mails).toEqual([
      { ownerId, data: { level: 1, used: 80, limit: 100 } },
      { ownerId, data: { level: 2, used: 90, limit: 100 } },
    ]);
  }, 30_000);
});
