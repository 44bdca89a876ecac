#!/usr/bin/env node
// `npm run bench [-- options] [name filter…]`: builds the Node apps, starts an isolated Parley stack
// (database parley_bench, random NATS and Redis prefixes), runs every scenario in scenarios/ against its
// floor measured back-to-back in the same run, prints a table and writes results/latest.json.
// A missed target is reported, not a failure: the exit code is non-zero only if the harness failed.
//
// Options: --duration=10 (s per measurement)  --warmup=2 (s, unrecorded)  --connections=50
//          --rounds=1 (repeat floor+ours, report the median round)  --no-build
//
// A scenario is one module scenarios/<nn>-<name>.mjs exporting default { name, target, run(ctx) };
// run(ctx) returns { ours, floor?, extra? } measurements (see lib/load.mjs) and target is described in
// lib/report.mjs. ctx: gatewayUrl, fakeMetaUrl and fakeXUrl (the local fakes the stack's META_* and X_* URLs point at),
// env (the stack's), connections, durationS, warmupS, http(url, overrides?) → autocannon measurement,
// spawnFloor(file, config) → long-running floor process, runFloor(file, config) → a floor process's {result}.
import { mkdirSync, openSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { httpLoad } from './lib/load.mjs';
import { startFakeMeta, startFakeX } from './lib/channels.mjs';
import { describeMachine, machineLine } from './lib/machine.mjs';
import { spawnFloor, stopAll } from './lib/processes.mjs';
import { judge, printTable, tooManyErrors, writeJson } from './lib/report.mjs';
import {
  buildApps,
  deleteRedisKeys,
  ensureDatabase,
  freePort,
  isolatedEnv,
  startStack,
  vacuumDatabase,
} from './lib/stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const resultsDir = path.join(here, 'results');

const { values: args, positionals: filters } = parseArgs({
  allowPositionals: true,
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
  },
});
const opts = {
  durationS: positive('duration', args.duration),
  warmupS: positive('warmup', args.warmup, 0),
  connections: positive('connections', args.connections),
  rounds: positive('rounds', args.rounds),
  build: !args['no-build'],
};

const env = isolatedEnv();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping every child process…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const code = await main().catch((error) => {
  console.error(`bench failed: ${error.stack ?? error}`);
  return 1;
});
await cleanUp();
process.exit(code);

/** Stops every child process and deletes the Redis keys of this run (its prefix is unique to it). */
async function cleanUp() {
  await stopAll(15_000);
  await deleteRedisKeys(env.REDIS_URL, env.REDIS_PREFIX).catch((error) =>
    console.error(`could not delete Redis keys ${env.REDIS_PREFIX}*: ${error.message}`),
  );
}

async function main() {
  const started = Date.now();
  const scenarios = await loadScenarios(filters);
  console.log(
    `bench: ${scenarios.length} scenario(s), ${opts.durationS} s each side after ${opts.warmupS} s warm-up, ${opts.connections} connections, ${opts.rounds} round(s)`,
  );
  const database = new URL(env.DATABASE_URL).pathname.slice(1);
  if (await ensureDatabase(env.DATABASE_URL)) console.log(`  created database ${database}`);
  const machine = await describeMachine(env.DATABASE_URL);
  console.log(`  machine: ${machineLine(machine)}; NATS_PREFIX=${env.NATS_PREFIX}`);
  let t = Date.now();
  await vacuumDatabase(env.DATABASE_URL);
  console.log(`  vacuumed and analysed ${database} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  if (opts.build) {
    t = Date.now();
    buildApps(root);
    console.log(`  built gateway + 6 services in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  const port = await freePort(3900);
  const logDir = path.join(resultsDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const fakeMeta = await startFakeMeta({
    root,
    port: await freePort(port + 100),
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/meta`,
    env,
    logFile: openSync(path.join(logDir, 'fake-meta.log'), 'w'),
  });
  env.META_GRAPH_URL = `${fakeMeta}/v21.0`;
  env.META_OAUTH_URL = `${fakeMeta}/dialog/oauth`;
  const fakeX = await startFakeX({
    root,
    port: await freePort(port + 110),
    webhookUrl: `http://127.0.0.1:${port}/api/webhooks/x`,
    env,
    logFile: openSync(path.join(logDir, 'fake-x.log'), 'w'),
  });
  env.X_API_URL = fakeX;
  env.X_OAUTH_URL = `${fakeX}/i/oauth2/authorize`;
  t = Date.now();
  const stack = await startStack({ root, env, port, logDir });
  console.log(
    `  stack healthy at ${stack.gatewayUrl} in ${((Date.now() - t) / 1000).toFixed(1)} s (logs: ${path.relative(root, logDir)}/)\n`,
  );

  const ctx = {
    gatewayUrl: stack.gatewayUrl,
    fakeMetaUrl: fakeMeta,
    fakeXUrl: fakeX,
    env,
    connections: opts.connections,
    durationS: opts.durationS,
    warmupS: opts.warmupS,
    http: (url, overrides = {}) =>
      httpLoad(url, {
        connections: ctx.connections,
        durationS: ctx.durationS,
        warmupS: ctx.warmupS,
        ...overrides,
      }),
    spawnFloor,
    async runFloor(file, config) {
      const floor = spawnFloor(file, config);
      try {
        const { result } = await floor.next((ctx.warmupS + ctx.durationS) * 1000 + 30_000);
        return result;
      } finally {
        await floor.stop();
      }
    },
  };

  const results = [];
  try {
    for (const scenario of scenarios) {
      if (interrupted) break;
      t = Date.now();
      console.log(`▶ ${scenario.name}`);
      results.push(await runScenario(scenario, ctx));
      if (!interrupted) console.log(`  done in ${((Date.now() - t) / 1000).toFixed(0)} s`);
    }
  } finally {
    await stack.stop();
  }

  console.log('');
  printTable(results);
  const loadAfter = os.loadavg();
  console.log(
    `\nload average before ${machine.loadavg[0].toFixed(2)}, after ${loadAfter[0].toFixed(2)} on ${machine.cpus} CPUs (busy machine → noisy numbers)`,
  );
  const file = path.join(resultsDir, 'latest.json');
  writeJson(file, {
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
    machine: { ...machine, loadavgAfter: loadAfter },
    options: opts,
    scenarios: results,
  });
  console.log(`results: ${path.relative(root, file)}, total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return results.some((r) => r.error) ? 1 : 0;
}

/** Runs the scenario `rounds` times and keeps the round with the median verdict value (the lower one of two). */
async function runScenario(scenario, ctx) {
  const base = { name: scenario.name, target: scenario.target };
  try {
    const rounds = [];
    for (let i = 0; i < opts.rounds && !interrupted; i++) {
      const measured = await scenario.run(ctx);
      rounds.push({ ...measured, ...judge(scenario.target, measured) });
    }
    if (rounds.length === 0) throw new Error('interrupted');
    const median = [...rounds].sort((a, b) => a.value - b.value)[Math.floor((rounds.length - 1) / 2)];
    const invalid = [median.ours, median.floor, ...Object.values(median.extra ?? {})].some(tooManyErrors);
    return {
      ...base,
      ours: median.ours,
      floor: median.floor,
      extra: median.extra,
      value: median.value,
      shown: median.shown,
      targetLabel: median.label,
      verdict: invalid ? 'INVALID (>1 % errors)' : median.pass ? 'PASS' : 'MISS',
      rounds:
        rounds.length > 1
          ? rounds.map(({ ours, floor, value, shown }) => ({ ours, floor, value, shown }))
          : undefined,
    };
  } catch (error) {
    if (interrupted) return { ...base, error: 'interrupted' };
    console.error(`  ${scenario.name} failed: ${error.stack ?? error}`);
    return { ...base, error: error.message };
  }
}

async function loadScenarios(names) {
  const dir = path.join(here, 'scenarios');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.mjs'))
    .sort();
  const all = await Promise.all(
    files.map(async (f) => ({ file: f, ...(await import(pathToFileURL(path.join(dir, f)).href)).default })),
  );
  const chosen =
    names.length === 0 ? all : all.filter((s) => names.some((n) => s.file.includes(n) || s.name.includes(n)));
  if (chosen.length === 0)
    throw new Error(`no scenario matches ${names.join(', ')} (have: ${files.join(', ')})`);
  return chosen;
}

function positive(name, text, min = 1) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be a whole number ≥ ${min}, not "${text}"`);
  return value;
}
