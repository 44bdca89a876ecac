import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { SERVICE_NAMES, type ServiceName } from '@parley/contracts';
import {
  createTestInfra,
  type SmtpSink,
  startSmtpSink,
  startTcpProxy,
  type TcpProxy,
  type TestInfra,
  until,
} from '@parley/server-kit/testing';
import { OVERDUE_GRACE_SECONDS } from '../apps/messaging-service/src/replies/reply-reconciler';
import { REPLY_QUEUE } from '../apps/messaging-service/src/replies/reply-queue';
import { signedInOwner } from './accounts';
import { call } from './http';
import { type AppProcess, startAppProcess } from './app-process';
import { freePort } from './start-stack';

/**
 * GatewayConfig's RPC timeout: no request may take longer than it plus a second (as far as this process can time
 * it: see slowerThanTheRpcTimeoutPlus1s).
 */
const RPC_TIMEOUT_MS = 5000;
const RECONCILE_INTERVAL_MS = 1000;
/** Simulated customer messages a second, from before the first fault to after the last recovery. */
const MESSAGES_PER_SECOND = 20;
/** Normal load before the first fault and after each recovery. */
const SETTLE_MS = 5000;
/** How long a client keeps retrying one message (with backoff up to 8 s) before it gives up. */
const GIVE_UP_MS = 90_000;
/** How long the killed messaging-service stays down before it is started again (a supervisor's delay). */
const RESTART_DELAY_MS = 2000;
/**
 * How long after the last recovery every stored message may take to have its reply: a message whose job
 * was lost is re-queued once it is OVERDUE_GRACE_SECONDS overdue, at the reconciler's next run, and 15 s
 * more are allowed for a loaded 2-core machine.
 */
const ANSWERED_WITHIN_MS = OVERDUE_GRACE_SECONDS * 1000 + 2 * RECONCILE_INTERVAL_MS + 15_000;
const QUESTIONS = ['Do you sell desk lamps?', '¿Tienen lámparas de escritorio?', 'هل تبيعون مصابيح مكتب؟'];

type Dependency = 'postgres' | 'redis' | 'nats';

/** The outages of issue #35 point 5, in order, each under the steady load and followed by a recovery. */
const OUTAGES: { phase: string; cut: Dependency; ms: number }[] = [
  { phase: 'PostgreSQL cut for 30 s', cut: 'postgres', ms: 30_000 },
  { phase: 'Redis cut for 20 s', cut: 'redis', ms: 20_000 },
  { phase: 'Redis restarted (its connections dropped, back after 2 s)', cut: 'redis', ms: 2000 },
  { phase: 'NATS cut for 30 s', cut: 'nats', ms: 30_000 },
];
const CRASH = 'messaging-service killed (SIGKILL) and started again';

/** One HTTP request of the load: which phase it started in, what it answered and how long it took. */
interface Attempt {
  phase: string;
  path: string;
  key?: string;
  /** 0: no answer at all (the connection failed, or nothing came within 30 s). */
  status: number;
  /** A failure's error code (or, with no answer, why). */
  code?: string;
  ms: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fault-injection run of issue #35 point 5 as a test. The whole stack reaches PostgreSQL, Redis and
 * NATS through TCP proxies the test cuts (the machine's servers stay up); every app runs as a process of
 * its own, as deployed, and messaging-service is killed for real. A client sends 20 simulated messages a second
 * throughout, each with an Idempotency-Key, retrying a 5xx or 429 with the same key as a real client
 * would. After the last recovery every acknowledged message must have exactly one AI reply, every reply
 * its one charge and no charge go without a reply; no request may have taken longer than the RPC timeout
 * plus a second, nor failed otherwise than with 503, 504 or 429.
 */
describe('the stack through PostgreSQL, Redis and NATS outages and a crashed messaging-service', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let proxies: Record<Dependency, TcpProxy>;
  let env: Record<string, string>;
  /** Every process of the run, the killed messaging-service too (for their output). */
  const processes: AppProcess[] = [];
  let messaging: AppProcess;
  let db: Client;
  let redis: Redis;
  let api: string;
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    infra = await createTestInfra();
    const through = async (url: string, defaultPort: number) => {
      const target = new URL(url);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || defaultPort) });
      target.host = proxy.address;
      return { proxy, url: target.toString() };
    };
    const postgres = await through(infra.env.DATABASE_URL, 5432);
    const redisProxy = await through(infra.env.REDIS_URL, 6379);
    const nats = await through(infra.env.NATS_URL, 4222);
    proxies = { postgres: postgres.proxy, redis: redisProxy.proxy, nats: nats.proxy };
    smtp = await startSmtpSink();
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    env = {
      ...infra.env,
      DATABASE_URL: postgres.url,
      REDIS_URL: redisProxy.url,
      NATS_URL: nats.url,
      SMTP_URL: smtp.url,
      PUBLIC_URL: api,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_SIMULATE_PER_MINUTE: '1000000',
      RECONCILE_INTERVAL_MS: String(RECONCILE_INTERVAL_MS),
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: '2000',
    };
    // Each app in a process of its own, as deployed (one event loop for them all lagged past the RPC
    // timeout on a busy 2-core machine, and messaging-service must be killed for real).
    const started = await Promise.allSettled(SERVICE_NAMES.map((app) => start(app)));
    const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    messaging = processes.find((p) => p.app === 'messaging-service') as AppProcess;
    await start('gateway');
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    redis = new Redis(infra.env.REDIS_URL);

    // The apps have just started: one message answered end to end (another owner's, out of the counts)
    // before the run, so that the load meets a warm stack.
    const setup = {
      companyName: 'Harbour Lights',
      companyDescription: 'Desk and floor lamps.',
      responseDelay: 0,
    };
    const setUp = async (cookie: string) =>
      expect((await call(`${api}/api/ai-config`, { method: 'PUT', body: setup, cookie })).status).toBe(200);
    const warm = await signedInOwner(api, smtp, 'warm-up@faults.example');
    await setUp(warm.cookie);
    const first = await call<{ messageId: string }>(`${api}/api/simulate-message`, {
      body: { platform: 'instagram', platformUsername: 'warm.up', senderName: 'Wim', content: 'Hello!' },
      cookie: warm.cookie,
    });
    expect(first.status).toBe(201);
    await until(
      'the reply to a first message',
      async () =>
        (
          await db.query(`select 1 from messaging_service.messages where metadata->>'inReplyTo' = $1`, [
            first.body.messageId,
          ])
        ).rowCount
          ? true
          : undefined,
      60_000,
    );

    owner = await signedInOwner(api, smtp, 'owner@faults.example');
    await setUp(owner.cookie);
    // Thousands of replies: the Free plan's 100 calls would leave most of them waiting for an allowance.
    const raised = await db.query(
      'update billing_service.accounts set api_calls_limit = 1000000 where owner_id = $1',
      [owner.id],
    );
    expect(raised.rowCount).toBe(1);
  }, 300_000);

  afterAll(async () => {
    load.stop();
    load.abandoned = true;
    // Each phase's requests, statuses and slowest, passed or failed (a failed run is read from it).
    if (load.attempts.length > 0) process.stdout.write(`fault-injection run:\n${summary(load.attempts)}\n`);
    const all = proxies ? Object.values(proxies) : [];
    await Promise.all(all.map((proxy) => proxy.restore()));
    await Promise.all(processes.map((p) => p.stop()));
    await Promise.all(all.map((proxy) => proxy.close()));
    redis?.disconnect();
    await db?.end();
    await smtp?.close();
    await infra?.cleanup();
  }, 60_000);

  /** An app of the stack as a process on the proxies (see `env`). */
  async function start(app: ServiceName | 'gateway'): Promise<AppProcess> {
    const started = await startAppProcess(app, env);
    processes.push(started);
    return started;
  }

  /** The client: MESSAGES_PER_SECOND new messages a second, each retried until acknowledged, and a read a second. */
  const load = {
    phase: 'before the faults',
    attempts: [] as Attempt[],
    keys: [] as string[],
    /** Idempotency-Key → the message ids its acknowledgements named (one, if all is well). */
    acknowledged: new Map<string, string[]>(),
    running: [] as Promise<unknown>[],
    timers: [] as NodeJS.Timeout[],

    /** Sends by the clock (a timer that fires late sends what fell due meanwhile), so the rate holds on a busy machine. */
    start() {
      const started = Date.now();
      this.timers.push(
        setInterval(() => {
          while (this.keys.length < ((Date.now() - started) * MESSAGES_PER_SECOND) / 1000) {
            const n = this.keys.length;
            const key = `fault-run-${n}`;
            this.keys.push(key);
            this.running.push(this.deliver(key, n));
          }
        }, 1000 / MESSAGES_PER_SECOND),
        setInterval(() => this.running.push(this.request('/api/messages?limit=20')), 1000),
      );
    },

    stop() {
      for (const timer of this.timers) clearInterval(timer);
      this.timers = [];
    },
    /** Set when the test is over: messages not acknowledged yet are given up. */
    abandoned: false,

    async request(path: string, body?: unknown, key?: string) {
      const phase = this.phase;
      const started = Date.now();
      const headers: Record<string, string> = key ? { 'idempotency-key': key } : {};
      const answer = await call<{ messageId?: string; code?: string }>(`${api}${path}`, {
        body,
        headers,
        cookie: owner.cookie,
        timeoutMs: 30_000,
      }).catch((error: unknown) => ({
        status: 0,
        body: { code: String(error) } as { messageId?: string; code?: string },
      }));
      const { status } = answer;
      const code = status >= 200 && status < 300 ? undefined : answer.body.code;
      this.attempts.push({ phase, path, key, status, code, ms: Date.now() - started });
      return answer;
    },

    /** One customer's message, sent until it is acknowledged; 5xx, 429 and no answer are retried with backoff. */
    async deliver(key: string, n: number) {
      const body = {
        platform: 'instagram',
        platformUsername: `customer.${n}`,
        senderName: `Customer ${n}`,
        content: QUESTIONS[n % QUESTIONS.length],
      };
      const giveUpAt = Date.now() + GIVE_UP_MS;
      for (let retry = 0; Date.now() < giveUpAt && !this.abandoned; retry++) {
        const answer = await this.request('/api/simulate-message', body, key);
        if (answer.status >= 200 && answer.status < 300) {
          this.acknowledged.set(key, [...(this.acknowledged.get(key) ?? []), answer.body.messageId ?? '']);
          return;
        }
        if (answer.status !== 0 && answer.status !== 429 && answer.status < 500) return;
        await sleep(Math.min(1000 * 2 ** retry, 8000));
      }
    },
  };

  /** The stack serves the owner again (messaging-service, through NATS and PostgreSQL). */
  const recovered = () =>
    until(
      'the stack to serve again',
      async () =>
        (
          await call(`${api}/api/messages?limit=1`, { cookie: owner.cookie, timeoutMs: 10_000 }).catch(
            () => undefined,
          )
        )?.status === 200
          ? true
          : undefined,
      60_000,
    );

  it('answers every acknowledged message exactly once, charges each reply once, and fails fast with 503/504 only', async () => {
    const cut: Record<string, number> = {};
    const lag = monitorEventLoopDelay({ resolution: 20 });
    lag.enable();
    load.start();
    await sleep(SETTLE_MS);

    for (const outage of OUTAGES) {
      load.phase = outage.phase;
      cut[outage.phase] = await proxies[outage.cut].cut();
      await sleep(outage.ms);
      await proxies[outage.cut].restore();
      await recovered();
      load.phase = `after: ${outage.phase}`;
      await sleep(SETTLE_MS);
    }

    // A crash with replies under way: their jobs stay locked in Redis until another worker's stall check.
    const active = `${infra.env.REDIS_PREFIX}:bull:${REPLY_QUEUE}:active`;
    await until(
      'a reply job under way',
      async () => ((await redis.llen(active)) > 0 ? true : undefined),
      15_000,
    );
    load.phase = CRASH;
    await messaging.crash();
    await sleep(RESTART_DELAY_MS);
    messaging = await start('messaging-service');
    await recovered();
    load.phase = `after: ${CRASH}`;
    await sleep(SETTLE_MS);

    load.stop();
    const lastRecovery = Date.now();
    await Promise.all(load.running);

    // Every stored message is answered within ANSWERED_WITHIN_MS of the last recovery...
    const unanswered = async () =>
      (
        await db.query<{ n: number }>(
          `select count(*)::int as n from messaging_service.messages
            where owner_id = $1 and direction = 'incoming' and status <> 'responded'`,
          [owner.id],
        )
      ).rows[0].n;
    await until(
      'an AI reply to every stored message',
      async () => ((await unanswered()) === 0 ? true : undefined),
      Math.max(lastRecovery + ANSWERED_WITHIN_MS - Date.now(), 0),
    ).catch(() => undefined); // the findings below name the messages left
    // ... and stays answered once: a late second worker or reconciler run would add a reply now.
    await sleep(3 * RECONCILE_INTERVAL_MS);

    const { rows: messages } = await db.query<{
      id: string;
      key: string;
      status: string;
      failure_reason: string | null;
      replies: number;
    }>(
      `select m.id, m.platform_message_id as key, m.status, m.failure_reason, count(r.id)::int as replies
         from messaging_service.messages m
         left join messaging_service.messages r
           on r.owner_id = m.owner_id and r.direction = 'outgoing' and r.ai_generated
          and r.metadata->>'inReplyTo' = m.id::text
        where m.owner_id = $1 and m.direction = 'incoming'
        group by m.id`,
      [owner.id],
    );
    const { rows: charges } = await db.query<{ key: string }>(
      'select key from billing_service.usage_events where owner_id = $1',
      [owner.id],
    );
    const { rows: meter } = await db.query<{ used: number }>(
      'select api_calls_used as used from billing_service.accounts where owner_id = $1',
      [owner.id],
    );
    lag.disable();
    process.stdout.write(
      `fault-injection run: ${load.keys.length} messages sent, ${messages.length} stored, ` +
        `${messages.filter((m) => m.replies > 0).length} answered; connections cut: ${JSON.stringify(cut)}; ` +
        `the test process's longest event-loop delay ${Math.round(lag.max / 1e6)} ms\n`,
    );

    const byKey = new Map(messages.map((m) => [m.key, m]));
    const sentKeys = new Set(load.keys.map((key) => `client:${key}`));
    const replied = new Set(messages.filter((m) => m.replies > 0).map((m) => `reply:${m.id}`));
    const charged = new Set(charges.map((c) => c.key));
    const failed = (a: Attempt) => a.status < 200 || a.status >= 300;
    // Everything that went wrong, at once: each entry is [] when all is well.
    expect({
      faultsThatCutNoConnection: Object.keys(cut).filter((phase) => cut[phase] === 0),
      failedOtherThanWith503Or504Or429: few(
        load.attempts.filter((a) => failed(a) && ![429, 503, 504].includes(a.status)),
      ),
      // An attempt's time is read in this process, whose own event loop may be late by up to lag.max on a busy
      // machine (1.6 s was seen with Jest's other worker running): that much is the clock's error, not the stack's.
      slowerThanTheRpcTimeoutPlus1s: few(
        load.attempts.filter((a) => a.ms > RPC_TIMEOUT_MS + 1000 + lag.max / 1e6),
      ),
      neverAcknowledged: few(load.keys.filter((key) => !load.acknowledged.has(key))),
      acknowledgedAsAnotherMessage: few(
        [...load.acknowledged].filter(([key, ids]) =>
          ids.some((id) => id !== byKey.get(`client:${key}`)?.id),
        ),
      ),
      neverStored: few(load.keys.filter((key) => !byKey.has(`client:${key}`))),
      // A retry stored again would be a message without its key (the key is unique per owner and platform).
      storedWithoutItsKey: few(messages.filter((m) => !sentKeys.has(m.key))),
      notAnsweredExactlyOnce: few(messages.filter((m) => m.replies !== 1)),
      chargedWithoutReply: few([...charged].filter((key) => !replied.has(key))),
      answeredWithoutCharge: few([...replied].filter((key) => !charged.has(key))),
      meterOtherThanCharges: few(meter.filter(({ used }) => used !== charged.size)),
      // What the apps printed, through the outages and the crash, is their JSON log and nothing else.
      outputOtherThanJsonLog: few(processes.flatMap((p) => p.lines).filter((line) => !isJson(line))),
    }).toEqual({
      faultsThatCutNoConnection: [],
      failedOtherThanWith503Or504Or429: [],
      slowerThanTheRpcTimeoutPlus1s: [],
      neverAcknowledged: [],
      acknowledgedAsAnotherMessage: [],
      neverStored: [],
      storedWithoutItsKey: [],
      notAnsweredExactlyOnce: [],
      chargedWithoutReply: [],
      answeredWithoutCharge: [],
      meterOtherThanCharges: [],
      outputOtherThanJsonLog: [],
    });
  }, 420_000);
});

/** [] for none; else how many, and the first few (a failure's message stays readable). */
function few<T>(list: T[]): unknown[] {
  return list.length === 0 ? [] : [`${list.length} in all, the first:`, ...list.slice(0, 5)];
}

function isJson(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/** One line per phase: requests, their statuses, and the slowest. */
function summary(attempts: Attempt[]): string {
  const phases = new Map<string, Attempt[]>();
  for (const attempt of attempts) {
    const list = phases.get(attempt.phase) ?? [];
    list.push(attempt);
    phases.set(attempt.phase, list);
  }
  return [...phases]
    .map(([phase, list]) => {
      const statuses: Record<number, number> = {};
      for (const { status } of list) statuses[status] = (statuses[status] ?? 0) + 1;
      const slowest = list.reduce((most, a) => Math.max(most, a.ms), 0);
      return `  ${phase}: ${list.length} requests, statuses ${JSON.stringify(statuses)}, slowest ${slowest} ms`;
    })
    .join('\n');
}
