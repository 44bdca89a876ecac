import { randomUUID } from 'node:crypto';
import {
  DomainException,
  ErrorCode,
  type OwnerEvent,
  REALTIME_SUBJECT,
  USAGE_SUBJECTS,
  type UsageResponse,
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
    client.send<UsageResponse>(USAGE_SUBJECTS.consume, { key }, { actor: { userId: ownerId } });

  it('starts a new owner on the free defaults', async () => {
    const usage = await client.send(USAGE_SUBJECTS.get, {}, { actor: { userId: randomUUID() } });
    expect(usage).toMatchObject({
      used: 0,
      limit: 50,
      remaining: 50,
      percentage: 0,
      warningLevel: 0,
      currentPackage: 'free',
      refillCalls: 0,
    });
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
    const usage = await client.send<UsageResponse>(USAGE_SUBJECTS.get, {}, { actor: { userId: owner } });
    expect(usage).toMatchObject({ used: 10, limit: 10, remaining: 0, percentage: 100, warningLevel: 3 });
    await expect(consume(owner, 'one-more')).rejects.toBeInstanceOf(DomainException);
  });

  it('counts a new key once when it arrives many times at once', async () => {
    const owner = randomUUID();
    await consume(owner, 'first');
    const results = await Promise.all(Array.from({ length: 20 }, () => consume(owner, 'retried')));
    for (const usage of results) expect(usage).toMatchObject({ limit: 50 });
    const usage = await client.send<UsageResponse>(USAGE_SUBJECTS.get, {}, { actor: { userId: owner } });
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
    await Promise.allSettled(Array.from({ length: 60 }, (_, i) => consume(owner, `burst-${i}`)));
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
