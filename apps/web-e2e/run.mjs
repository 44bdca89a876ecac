#!/usr/bin/env node
// Browser journeys: builds Parley, starts its own stack (own database, NATS prefix, Redis prefix and a
// local SMTP server that receives the mails), drives Debian's Chromium with playwright-core, cleans up.
//   npm run e2e                 every journey
//   npm run e2e -- landing      journeys whose file name contains "landing"
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Redis from 'ioredis';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { startSmtpSink } from './smtp-sink.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const artifacts = path.join(root, 'tmp/e2e');
const only = process.argv[2];
const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const database = `parley_e2e_${id}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `parley-e2e-${id}`;

const cleanups = [];
let failed = 0;
let passed = 0;
try {
  build();
  const admin = withDatabase('postgres');
  await query(admin, `create database "${database}"`);
  cleanups.push(() => query(admin, `drop database if exists "${database}" with (force)`));
  cleanups.push(() => deleteKeys(`${redisPrefix}*`));
  const smtp = await startSmtpSink();
  cleanups.push(() => smtp.close());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stack = await startStack({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATABASE_URL: withDatabase(database),
    NATS_PREFIX: `e2e_${id}.`,
    REDIS_PREFIX: redisPrefix,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
  });
  cleanups.unshift(() => stack.stop());

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  cleanups.unshift(() => browser.close());
  mkdirSync(artifacts, { recursive: true });

  const files = readdirSync(path.join(here, 'journeys'))
    .filter((f) => f.endsWith('.mjs') && (!only || f.includes(only)))
    .sort();
  for (const file of files) {
    const journey = await import(pathToFileURL(path.join(here, 'journeys', file)));
    for (const [name, run] of Object.entries(journey.journeys)) {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US' });
      const page = await context.newPage();
      const started = Date.now();
      try {
        await run({ page, context, baseUrl, smtp });
        passed++;
        console.log(`✓ ${file} › ${name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        const shot = path.join(artifacts, `${file}-${name}.png`.replace(/[^\w.-]+/g, '_'));
        await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
        console.error(`✗ ${file} › ${name}\n  ${error.stack ?? error}\n  screenshot: ${shot}`);
      } finally {
        await context.close();
      }
    }
  }
} catch (error) {
  failed++;
  console.error(`e2e harness failed: ${error.stack ?? error}`);
} finally {
  for (const cleanup of cleanups) await cleanup().catch((e) => console.error(`cleanup: ${e.message}`));
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

function build() {
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('build failed');
}

/** `npm start`'s own script, on this run's isolated settings. */
async function startStack(env) {
  const child = spawn(process.execPath, ['tools/start.mjs', '--no-build', '--json'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => process.stderr.write(d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; i < 120 && !output.includes('Parley is running'); i++) {
    if (child.exitCode !== null) throw new Error(`stack exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!output.includes('Parley is running')) throw new Error(`stack did not become healthy:\n${output}`);
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function withDatabase(name) {
  const url = new URL(server.toString());
  url.pathname = `/${name}`;
  return url.toString();
}

async function query(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function deleteKeys(pattern) {
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

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}
