#!/usr/bin/env node
// `npm start`: checks PostgreSQL, NATS and Redis (starting docker/compose.infra.yml when they do not
// answer and Docker does), creates the database if missing, builds everything, then runs the gateway
// and the six services as separate processes (each migrates its own schema).
// Ctrl-C stops them all cleanly. A crashed app does not take the others down, and is started again
// with backoff (tools/start/supervise.mjs), as Kubernetes would.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APP_NAMES } from './lib/service-names.mjs';
import { adminUrl, ensureInfrastructure } from './start/infra.mjs';
import { supervise } from './start/supervise.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/parley';
env.NATS_URL ??= 'nats://127.0.0.1:4222';
env.REDIS_URL ??= 'redis://127.0.0.1:6379';
const port = env.PORT ?? '3000';
const pretty = process.stdout.isTTY && !process.argv.includes('--json');

try {
  await ensureInfrastructure({ env, cwd: root });
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
await ensureDatabase(env.DATABASE_URL);
if (!process.argv.includes('--no-build')) build();
run();

async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: adminUrl(url) });
  await client.connect();
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (rowCount === 0) {
    await client.query(`create database "${name.replace(/"/g, '""')}"`);
    console.log(`created database ${name}`);
  }
  await client.end();
}

function build() {
  console.log('building (cached when nothing changed)…');
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run() {
  let stopping = false;
  let down = 0;
  const supervisors = APP_NAMES.map((app) =>
    supervise({
      name: app,
      command: process.execPath,
      args: [path.join('dist/apps', app, 'main.js')],
      options: { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
      onStart: (child) => {
        pipeLogs(app, child.stdout, process.stdout);
        pipeLogs(app, child.stderr, process.stderr);
      },
      log: (line) => console.error(line),
      onGiveUp: () => {
        if (++down === APP_NAMES.length) process.exit(1);
      },
    }),
  );
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nstopping…');
    setTimeout(() => process.exit(1), 20_000).unref();
    void Promise.all(supervisors.map((supervisor) => supervisor.stop())).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  void announceWhenHealthy();
}

async function announceWhenHealthy() {
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        console.log(`\nParley is running at ${url}  (Ctrl-C stops it)\n`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.error(`Parley did not become healthy; see ${url}/api/health`);
}

function pipeLogs(app, from, to) {
  let buffered = '';
  from.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) to.write((pretty ? prettyLine(app, line) : line) + '\n');
  });
}

function prettyLine(app, line) {
  try {
    const { time, level, msg, context, requestId } = JSON.parse(line);
    return `${time.slice(11, 19)} ${app.padEnd(20)} ${level.padEnd(5)} ${context ? `[${context}] ` : ''}${msg}${requestId ? ` (${requestId})` : ''}`;
  } catch {
    return `${app.padEnd(29)} ${line}`;
  }
}
