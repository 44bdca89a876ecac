// Builds Parley and starts its own stack for the run: its own database, NATS prefix and Redis prefix,
// `npm start`'s script with `--no-build`, a local SMTP sink that receives the mails, and the local fake
// Meta and fake X (`npm run fake:meta`, `npm run fake:x`) that the stack's META_* and X_* URLs point at.
// Tests reach the stack through `baseURL`, the sink through the `mailbox` fixture and the fakes at
// `fromSetup(STACK_ENV.fakeMetaUrl)` and `fromSetup(STACK_ENV.fakeXUrl)`;
// the function returned here is the global teardown, which stops and removes all of it.
//   PARLEY_E2E_NO_BUILD=1   skip `nx run-many -t build` (the dist/ folder is used as it is)
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import Redis from 'ioredis';
import pg from 'pg';
import { startSmtpSink } from './smtp-sink';
import { STACK_ENV } from './stack-env';

const root = path.resolve(__dirname, '../../..');

type Cleanup = () => Promise<unknown>;

export default async function globalSetup(): Promise<() => Promise<void>> {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const database = `parley_e2e_${id}`;
  const redisPrefix = `parley-e2e-${id}`;
  const withDatabase = (name: string) => {
    const url = new URL(server.toString());
    url.pathname = `/${name}`;
    return url.toString();
  };

  const cleanups: Cleanup[] = [];
  const teardown = async () => {
    for (const cleanup of cleanups) {
      await cleanup().catch((error: unknown) => console.error(`e2e cleanup: ${String(error)}`));
    }
  };
  try {
    if (process.env.PARLEY_E2E_NO_BUILD !== '1') build();
    const admin = withDatabase('postgres');
    await query(admin, `create database "${database}"`);
    cleanups.push(() => query(admin, `drop database if exists "${database}" with (force)`));
    cleanups.push(() => deleteKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `${redisPrefix}*`));
    const smtp = await startSmtpSink();
    cleanups.unshift(() => smtp.close());
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const fakeMeta = await startFake('fake:meta', {
      FAKE_META_PORT: String(await freePort()),
      FAKE_META_WEBHOOK_URL: `${baseUrl}/api/webhooks/meta`,
    });
    cleanups.unshift(() => fakeMeta.stop());
    const fakeX = await startFake('fake:x', {
      FAKE_X_PORT: String(await freePort()),
      FAKE_X_WEBHOOK_URL: `${baseUrl}/api/webhooks/x`,
    });
    cleanups.unshift(() => fakeX.stop());
    const stack = await startStack({
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: withDatabase(database),
      NATS_PREFIX: `e2e_${id}.`,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: smtp.smtpUrl,
      LOG_LEVEL: 'warn',
      META_GRAPH_URL: `${fakeMeta.url}/v21.0`,
      META_OAUTH_URL: `${fakeMeta.url}/dialog/oauth`,
      X_API_URL: fakeX.url,
      X_OAUTH_URL: `${fakeX.url}/i/oauth2/authorize`,
    });
    cleanups.unshift(() => stack.stop());
    process.env[STACK_ENV.baseUrl] = baseUrl;
    process.env[STACK_ENV.inboxUrl] = smtp.inboxUrl;
    process.env[STACK_ENV.fakeMetaUrl] = fakeMeta.url;
    process.env[STACK_ENV.fakeXUrl] = fakeX.url;
    process.env[STACK_ENV.databaseUrl] = withDatabase(database);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

function build(): void {
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('build failed');
}

/** `npm start`'s own script, on this run's isolated settings; resolves once it reports healthy. */
async function startStack(env: Record<string, string>): Promise<{ stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['tools/start.mjs', '--no-build', '--json'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 120 && !output.includes('Parley is running'); i++) {
    if (child.exitCode !== null) throw new Error(`stack exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!output.includes('Parley is running')) {
    await stop();
    throw new Error(`stack did not become healthy:\n${output}`);
  }
  return { stop };
}

/**
 * A fake provider as `npm run fake:meta` / `npm run fake:x` runs it (the stack's development app, its
 * webhooks posted back to the stack after each send), on the port and webhook URL `env` gives; resolves
 * once it answers.
 */
async function startFake(
  script: 'fake:meta' | 'fake:x',
  env: Record<string, string>,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = Number(script === 'fake:meta' ? env.FAKE_META_PORT : env.FAKE_X_PORT);
  const child = spawn('npm', ['run', '--silent', script], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited at start`);
    if (
      await fetch(`${url}/_fake/sent`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${script} did not answer on ${url}`);
}

async function query(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function deleteKeys(redisUrl: string, pattern: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
