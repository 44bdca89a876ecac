import { randomUUID } from 'node:crypto';
import {
  BILLING_SUBJECTS,
  DomainException,
  ErrorCode,
  type OwnerEvent,
  planMonthlyApiCalls,
  REALTIME_SUBJECT,
  USAGE_SUBJECTS,
  type UsageResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { billingServiceModule } from '../src/app.module';
import { BillingConfig } from '../src/config/billing.config';
import { LIFT_NEW_FREE_ACCOUNTS } from '../src/migrations/Migration20261219000000';

describe('the API-call meter (real PostgreSQL and NATS)', () => {
  let infra: TestInfra;
  /** Two replicas in one queue group: batches counted on both must still respect the limit. */
  let billing: ServiceApp;
  let replica: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let prefix: string;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(BillingConfig, infra.env);
    billing = await createServiceApp('billing-service', billingServiceModule(config), config);
    replica = await createServiceApp('billing-service', billingServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'usage-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    prefix = config.NATS_PREFIX;
  });

  afterAll(async () => {
    await nc?.drain();
    await billing?.app.close();
    await replica?.app.close();
    await infra?.cleanup();
  });

  const consume = (ownerId: string, key: string) =>
    client.send<UsageResponse>(USAGE_SUBJECTS.consume, { key }, { actor: workspaceActor(ownerId) });

  /** What the Free plan's row says a month of it allows (the operator's number, not a literal). */
  const freePlanCalls = async () => {
    const db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    try {
      const { rows } = await db.query<{ monthly_api_calls: number }>(
        `select monthly_api_calls from billing_service.plans where id = 'free'`,
      );
      return rows[0].monthly_api_calls;
    } finally {
      await db.end();
    }
  };

  it("starts a new owner on the Free plan with the Free plan's calls, whatever billing is asked first", async () => {
    const calls = await freePlanCalls();
    // The seeded row and the catalogue the landing and pricing pages state agree.
    expect(calls).toBe(planMonthlyApiCalls('free'));
    const fresh = {
      used: 0,
      limit: calls,
      remaining: calls,
      percentage: 0,
      warningLevel: 0,
      currentPackage: 'free',
      refillCalls: 0,
    };
    expect(await client.send(USAGE_SUBJECTS.get, {}, { actor: workspaceActor(randomUUID()) })).toMatchObject(
      fresh,
    );
    // The gateway asks for the account when a session is first resolved (GET /api/auth/me after sign-up).
    const signedUp = randomUUID();
    expect(await client.send(BILLING_SUBJECTS.getAccount, {}, { actor: workspaceActor(signedUp) })).toEqual({
      ownerId: signedUp,
      currentPackage: 'free',
      apiCallsUsed: 0,
      apiCallsLimit: calls,
      warningLevel: 0,
    });
    expect(await client.send(USAGE_SUBJECTS.get, {}, { actor: workspaceActor(signedUp) })).toMatchObject(fresh);
    // Or a first AI reply, before anything else.
    expect(await consume(randomUUID(), 'first')).toMatchObject({
      ...fresh,
      used: 1,
      remaining: calls - 1,
      percentage: 100 / calls,
    });
  });

  it("lifts an account made before, still on the column's 50 calls in its first period, to the Free plan's", async () => {
    const [early, refilled, paying] = [randomUUID(), randomUUID(), randomUUID()];
    const db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    try {
      await db.query(
        `insert into billing_service.accounts (owner_id, current_package, api_calls_used, api_calls_limit,
           refill_calls, warning_level) values
           ($1, 'free', 45, 50, 0, 2), ($2, 'free', 10, 550, 500, 0), ($3, 'pro', 45, 50, 0, 2)`,
        [early, refilled, paying],
      );
      await db.query('set search_path to billing_service');
      await db.query(LIFT_NEW_FREE_ACCOUNTS);
      const { rows } = await db.query(
        `select owner_id, api_calls_limit, warning_level from billing_service.accounts
          where owner_id = any($1::uuid[]) order by api_calls_limit`,
        [[early, refilled, paying]],
      );
      expect(rows).toEqual([
        { owner_id: paying, api_calls_limit: 50, warning_level: 2 },
        { owner_id: early, api_calls_limit: 100, warning_level: 0 },
        { owner_id: refilled, api_calls_limit: 600, warning_level: 0 },
      ]);
    } finally {
      await db.end();
    }
  });

  it('never lets parallel calls on two replicas pass the limit, and counts a key once', async () => {
    const owner = randomUUID();
    await consume(owner, 'first');
    const db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await db.query('update billing_service.accounts set api_calls_limit = 10 where owner_id = $1', [owner]);

    const results = await Promise.allSettled([
      ...Array.from({ length: 30 }, (_, i) => consume(owner, `parallel-${i}`)),
      ...Array.from({ length: 5 }, () => consume(owner, 'first')),
    ]);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(21);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: ErrorCode.QuotaExceeded });
    const { rows } = await db.query(
      'select api_calls_used, warning_level from billing_service.accounts where owner_id = $1',
      [owner],
    );
    const events = await db.query(
      'select count(*)::int as n from billing_service.usage_events where owner_id = $1',
      [owner],
    );
    await db.end();
    expect(rows[0]).toEqual({ api_calls_used: 10, warning_level: 3 });
    expect(events.rows[0].n).toBe(10);
    const usage = await client.send<UsageResponse>(USAGE_SUBJECTS.get, {}, { actor: workspaceActor(owner) });
    expect(usage).toMatchObject({ used: 10, limit: 10, remaining: 0, percentage: 100, warningLevel: 3 });
    await expect(consume(owner, 'one-more')).rejects.toBeInstanceOf(DomainException);
  });

  it('counts a new key once when it arrives many times at once', async () => {
    const owner = randomUUID();
    await consume(owner, 'first');
    const results = await Promise.all(Array.from({ length: 20 }, () => consume(owner, 'retried')));
    for (const usage of results) expect(usage).toMatchObject({ limit: 100 });
    const usage = await client.send<UsageResponse>(USAGE_SUBJECTS.get, {}, { actor: workspaceActor(owner) });
    expect(usage).toMatchObject({ used: 2 });
  });

  it('announces a warning level once, the highest a batch reaches, never going back', async () => {
    const owner = randomUUID();
    const levels: number[] = [];
    const sub = nc.subscribe(`${prefix}${REALTIME_SUBJECT}`, {
      callback: (_err, msg) => {
        const { ownerId, event } = msg.json<OwnerEvent>();
        if (ownerId === owner && event.type === 'usage_warning')
          levels.push(Number(event.data?.warningLevel));
      },
    });
    await consume(owner, 'first');
    await Promise.allSettled(Array.from({ length: 110 }, (_, i) => consume(owner, `burst-${i}`)));
    await nc.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    sub.unsubscribe();
    // One batch may cross several levels (it announces the highest); none is announced twice.
    expect(levels.at(-1)).toBe(3);
    expect(levels).toEqual([...new Set(levels)].sort());
  });

  it('refuses a call without a signed-in owner', async () => {
    await expect(client.send(USAGE_SUBJECTS.consume, { key: 'k' })).rejects.toMatchObject({
      code: ErrorCode.Unauthenticated,
    });
  });
});
