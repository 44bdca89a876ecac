// The system under test: an isolated Parley stack (its own database, NATS subject prefix and Redis key
// prefix), built with tools/build.mjs and run as one process per app, logs in results/logs/.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SERVICE_NAMES } from '../../lib/service-names.mjs';
import { exited, spawnNode, stop } from './processes.mjs';

export const SERVICES = SERVICE_NAMES;
export const APPS = ['gateway', ...SERVICES];
/**
 * The bench's database: `parley_bench`, or BENCH_DATABASE's (a branch whose migrations change the schema runs
 * on a database of its own, so that a bench of main's code on parley_bench keeps working beside it).
 */
const DATABASE = process.env.BENCH_DATABASE ?? 'parley_bench';

/**
 * The stack runs with NODE_ENV=production, as deployed. Settings production insists on get a harmless
 * stand-in here unless the environment gives one (SMTP_URL is where the email campaign scenario starts its
 * sink; no other scenario sends a mail).
 * When an app refuses to start for a missing production setting, add its stand-in here.
 */
const PRODUCTION_STAND_INS = {
  SMTP_URL: 'smtp://127.0.0.1:2525',
  SECRETS_KEY: Buffer.alloc(32, 'bench').toString('base64'),
  META_APP_ID: 'bench-app',
  META_APP_SECRET: 'bench-app-secret',
  META_VERIFY_TOKEN: 'bench-verify-token',
  X_CLIENT_ID: 'bench-x-client',
  X_CLIENT_SECRET: 'bench-x-client-secret',
  X_CONSUMER_SECRET: 'bench-x-consumer-secret',
  X_WEBHOOK_ID: '1500000000000000777',
  X_APP_BEARER_TOKEN: 'bench-x-app-bearer',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench',
  EMAIL_LINK_SECRET: 'bench-email-link-secret-of-32-characters',
};

/**
 * The sign-in scenarios measure sign-in itself, and the ingest and reply scenarios one owner's traffic far
 * above a person's: the limiter still runs (one Redis round trip) but never refuses.
 */
const BENCH_LIMITS = {
  RATE_LIMIT_IP_PER_MINUTE: '1000000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000000',
  RATE_LIMIT_SIMULATE_PER_MINUTE: '1000000000',
  RATE_LIMIT_UPLOADS_PER_MINUTE: '1000000000',
  RATE_LIMIT_TEST_CHAT_PER_MINUTE: '1000000000',
  // The email campaign scenario sends 10 000 mails as fast as the stack can (the highest rate allowed).
  EMAIL_RATE_PER_MINUTE: '100000',
};

/** Environment shared by every app of the bench stack. Servers come from env or the standard local ports. */
export function isolatedEnv() {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley');
  database.pathname = `/${DATABASE}`;
  const env = {
    ...PRODUCTION_STAND_INS,
    ...process.env,
    ...BENCH_LIMITS,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.toString(),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_PREFIX: `bench_${id}.`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `parley-bench-${id}`,
    SHUTDOWN_TIMEOUT_MS: '3000',
  };
  delete env.PORT; // only the gateway gets one, below
  delete env.HEALTH_PORT; // no probe servers: they would clash on one port
  return env;
}

/** Creates the bench database if it is missing. It is kept between runs and never dropped here. */
export async function ensureDatabase(databaseUrl) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (rowCount === 0) await client.query(`create database "${DATABASE}"`);
    return rowCount === 0;
  } finally {
    await client.end();
  }
}

/**
 * VACUUM (ANALYZE) of the whole bench database, as production's autovacuum would have done since the last
 * run: the rows earlier runs deleted (each scenario deletes its owners' data) would otherwise stay dead
 * beside the live ones, and statistics go stale (this machine's PostgreSQL may run with autovacuum off).
 */
export async function vacuumDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum (analyze)');
  } finally {
    await client.end();
  }
}

export function buildApps(root) {
  for (const app of APPS) {
    const result = spawnSync(process.execPath, ['tools/build.mjs', app], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0)
      throw new Error(`build of ${app} failed (exit ${result.status ?? result.signal})`);
  }
}

/** First port from `from` on which nothing listens on 127.0.0.1. */
export async function freePort(from = 3900) {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}–${from + 99}`);
}

/**
 * Starts the gateway and the six services and waits until GET /api/health answers 200.
 * Returns { gatewayUrl, stop() }. On failure the apps are stopped and their log tails printed.
 */
export async function startStack({ root, env, port, logDir, timeoutMs = 90_000 }) {
  mkdirSync(logDir, { recursive: true });
  const gatewayUrl = `http://127.0.0.1:${port}`;
  const children = APPS.map((app) => {
    const log = openSync(path.join(logDir, `${app}.log`), 'w');
    // The gateway serves no web app here: it may be mid-build, and the bench measures the API only.
    const appEnv =
      app === 'gateway'
        ? {
            ...env,
            PUBLIC_URL: gatewayUrl,
            PORT: String(port),
            HOST: '127.0.0.1',
            WEB_DIR: path.join(logDir, 'no-web-app'),
          }
        : { ...env, PUBLIC_URL: gatewayUrl };
    const child = spawnNode(app, path.join('dist/apps', app, 'main.js'), [], {
      nodeArgs: [...extraNodeArgs(), ...profileArgs(logDir, app)],
      cwd: root,
      env: appEnv,
      stdio: ['ignore', log, log],
    });
    closeSync(log); // the child has its own copy
    return child;
  });
  const stopStack = () => Promise.all(children.map((child) => stop(child, 15_000)));

  try {
    await waitHealthy(gatewayUrl, children, timeoutMs);
  } catch (error) {
    await stopStack();
    for (const app of APPS) printTail(path.join(logDir, `${app}.log`), app);
    throw error;
  }
  return { gatewayUrl, stop: stopStack };
}

/**
 * BENCH_NODE_ARGS: Node and V8 flags for every app, space-separated, e.g. `--trace-gc` (its lines go to
 * results/logs/<app>.log) or heap sizes; Node refuses most V8 flags in NODE_OPTIONS.
 */
function extraNodeArgs() {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** BENCH_CPU_PROF=1: every app writes a V8 CPU profile, results/logs/profiles/<app>.cpuprofile, when it stops. */
function profileArgs(logDir, app) {
  if (!process.env.BENCH_CPU_PROF) return [];
  return [
    '--cpu-prof',
    `--cpu-prof-dir=${path.join(logDir, 'profiles')}`,
    `--cpu-prof-name=${app}.cpuprofile`,
  ];
}

async function waitHealthy(gatewayUrl, children, timeoutMs) {
  const crashed = Promise.race(
    children.map((child) =>
      exited(child).then(({ code, signal }) => ({
        crashed: `${child.benchName} exited (${signal ?? `code ${code}`})`,
      })),
    ),
  );
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const outcome = await Promise.race([crashed, probe(`${gatewayUrl}/api/health`)]);
    if (outcome.crashed) throw new Error(`${outcome.crashed} while starting`);
    if (outcome.ok) return;
    last = outcome.detail;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the stack did not become healthy within ${timeoutMs / 1000} s (last: ${last})`);
}

async function probe(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return { ok: res.status === 200, detail: `${res.status} ${await res.text()}` };
  } catch (error) {
    return { ok: false, detail: error.cause?.code ?? error.message };
  }
}

function printTail(file, app, lines = 15) {
  let text = '';
  try {
    text = readFileSync(file, 'utf8').trimEnd();
  } catch {
    return;
  }
  if (!text) return;
  console.error(`\n--- last lines of ${app} (${file}) ---\n${text.split('\n').slice(-lines).join('\n')}`);
}

/** Deletes the Redis keys written under this run's prefix (the prefix is unique to the run). */
export async function deleteRedisKeys(redisUrl, prefix) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
