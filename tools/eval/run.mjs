#!/usr/bin/env node
// `npm run eval [-- --set=<name>] [--no-build] [--provider=openai] [--keep-db]`: starts an isolated Parley stack
// (its own database, created afresh and dropped at the end; its own NATS and Redis prefixes) and, for each
// evaluation set of sets/ (all, or those named by --set), loads the set's fictional business into a new owner
// through the public API (configuration, products, knowledge, training documents), asks every case through the
// test chat and through simulate-message, and prints how right the answers were, per customer language (see
// README.md). Missed goals are reported, not failures: the exit code is non-zero only when the harness itself
// failed (the stack did not start, a set failed its own check or could not be loaded).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createVerifiedOwner, signIn } from '../bench/lib/accounts.mjs';
import { raiseApiCallLimit } from '../bench/lib/owners.mjs';
import { stopAll } from '../bench/lib/processes.mjs';
import { writeJson } from '../bench/lib/report.mjs';
import { buildApps, deleteRedisKeys, freePort, isolatedEnv, startStack } from '../bench/lib/stack.mjs';
import { askSimulated, askTestChat, mapLimit } from './lib/ask.mjs';
import { loadBusiness, uploadDocument } from './lib/business.mjs';
import { printClassificationMisses, printFailures, printTable, summarize } from './lib/report.mjs';
import { amounts, businessFacts, hasAny, inventions, judge } from './lib/score.mjs';
import { listSets, readSet, scoredBusiness } from './lib/sets.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const setsDir = path.join(here, 'sets');
const resultsDir = path.join(here, 'results');
/** Simulated customers asked at once: replies run in parallel as they would for a busy owner. */
const SIMULATE_CONCURRENCY = 4;

const { values: args } = parseArgs({
  options: {
    provider: { type: 'string', default: 'local' },
    'no-build': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
    set: { type: 'string', multiple: true },
    // A held-out set prints its figures only: its failing cases are not shown, so nobody tunes to them.
    'show-held-out': { type: 'boolean', default: false },
  },
});
if (!['local', 'openai'].includes(args.provider)) {
  console.error(`--provider must be local or openai, not "${args.provider}"`);
  process.exit(2);
}

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
/** One database per run, so two runs on one machine never drop each other's. */
const DATABASE = `parley_eval_${runId}`;
const env = evalEnv();
let fakeOpenAi;
let stack;

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping every child process…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

const code = await main().catch((error) => {
  console.error(`eval failed: ${error.stack ?? error}`);
  return 1;
});
await cleanUp();
process.exit(code);

/** The bench's isolated environment, with this tool's own database and prefixes. */
function evalEnv() {
  const base = isolatedEnv();
  const database = new URL(base.DATABASE_URL);
  database.pathname = `/${DATABASE}`;
  return {
    ...base,
    DATABASE_URL: database.toString(),
    NATS_PREFIX: `eval_${runId}.`,
    REDIS_PREFIX: `parley-eval-${runId}`,
  };
}

/** Drops (with `create`: and creates) the eval database; each run starts from an empty one. */
async function resetDatabase({ create }) {
  const admin = new URL(env.DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(`drop database if exists "${DATABASE}" with (force)`);
    if (create) await client.query(`create database "${DATABASE}"`);
  } finally {
    await client.end();
  }
}

async function cleanUp() {
  await stack?.stop().catch(() => undefined);
  await stopAll(15_000);
  await fakeOpenAi?.close().catch(() => undefined);
  await deleteRedisKeys(env.REDIS_URL, env.REDIS_PREFIX).catch((error) =>
    console.error(`could not delete Redis keys ${env.REDIS_PREFIX}*: ${error.message}`),
  );
  if (!args['keep-db'])
    await resetDatabase({ create: false }).catch((error) =>
      console.error(`could not drop database ${DATABASE}: ${error.message}`),
    );
}

/**
 * The agent's fake OpenAI server (`@parley/agent/testing`), in this process. Its answers are canned, so the
 * scores mean little; the run shows that the same pipeline (retrieval into the prompt, claim check) runs.
 */
async function startFakeOpenAi() {
  const require = createRequire(import.meta.url);
  require('@swc-node/register');
  const { startFakeOpenAiServer } = require('../../libs/agent/src/testing/index.ts');
  return startFakeOpenAiServer();
}

async function main() {
  const started = Date.now();
  const names = args.set?.flatMap((n) => n.split(',')) ?? listSets(setsDir);
  const sets = [];
  for (const name of names) sets.push(await readSet(setsDir, name));
  console.log(
    `eval (${args.provider} provider): sets ${sets.map((s) => `${s.name} (${s.cases.length} cases)`).join(', ')};` +
      ` database ${DATABASE}, NATS_PREFIX=${env.NATS_PREFIX}`,
  );
  const checked = sets.filter((set) => runCheck(set));
  if (checked.length === 0) return 1;

  await resetDatabase({ create: true });
  if (!args['no-build']) {
    const t = Date.now();
    buildApps(root);
    console.log(`  built gateway + services in ${seconds(t)} s`);
  }
  if (args.provider === 'openai') {
    fakeOpenAi = await startFakeOpenAi();
    env.OPENAI_API_KEY = 'sk-eval-fake';
    env.OPENAI_BASE_URL = fakeOpenAi.baseURL;
    console.log(`  fake OpenAI server at ${fakeOpenAi.baseURL} (canned answers: its scores mean little)`);
  } else {
    delete env.OPENAI_API_KEY;
    delete env.OPENAI_BASE_URL;
  }
  const port = await freePort(3950);
  stack = await startStack({ root, env, port, logDir: path.join(resultsDir, 'logs') });
  const ctx = { gatewayUrl: stack.gatewayUrl, env };
  console.log(`  stack healthy at ${stack.gatewayUrl}`);

  const report = {};
  let failed = checked.length < sets.length;
  for (const set of checked) {
    try {
      report[set.name] = await runSet(ctx, set);
    } catch (error) {
      console.error(`\n✗ ${set.name}: the harness failed: ${error.stack ?? error}`);
      report[set.name] = { error: String(error.message ?? error) };
      failed = true;
    }
  }

  const file = path.join(resultsDir, 'latest.json');
  writeJson(file, {
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
    provider: args.provider,
    sets: report,
  });
  console.log(`\nresults: ${path.relative(root, file)}, total ${seconds(started)} s`);
  return failed ? 1 : 0;
}

/** Whole seconds since `since` (a function declaration: main() runs before the module's constants are set). */
function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(0);
}

/** The set's own consistency check (check.mjs), when it has one: a set that fails it is not run. */
function runCheck(set) {
  if (!set.check) return true;
  const result = spawnSync(process.execPath, [set.check], { cwd: root, encoding: 'utf8' });
  process.stdout.write(`  ${set.name}: check.mjs: ${result.stdout}`);
  if (result.status === 0) return true;
  console.error(
    `✗ ${set.name}: its check.mjs failed (exit ${result.status}); the set is not run\n${result.stderr}`,
  );
  return false;
}

/** One set in an owner of its own: load it, ask every case by both paths, print and return the figures. */
async function runSet(ctx, set) {
  const started = Date.now();
  console.log(`\n═══ ${set.name}: ${set.title}${set.heldOut ? ' — held out: measure only, never tune' : ''}`);
  const facts = businessFacts(scoredBusiness(set));
  const ownerId = randomUUID();
  const owner = {
    id: ownerId,
    cookie: await signIn(
      ctx.gatewayUrl,
      await createVerifiedOwner(env.DATABASE_URL, {
        id: ownerId,
        email: `eval-${set.name}-${runId}@parley.eval`,
      }),
    ),
  };
  await raiseApiCallLimit(env.DATABASE_URL, owner.id);
  const { business } = set;
  const loaded = await loadBusiness(ctx, owner, business);
  if (loaded.knowledge === null)
    console.log('  ⚠ POST /api/ai/knowledge answered 404: asking without knowledge items');
  else
    console.log(
      `  loaded the AI configuration, ${business.products.length} products, ${loaded.knowledge} knowledge items`,
    );
  const documents = [];
  for (const document of set.documents) {
    const stored = await uploadDocument(ctx, owner, document);
    documents.push({ name: stored.originalName, status: stored.status, seconds: stored.seconds });
    console.log(
      `  uploaded ${stored.originalName} (${document.pages.length} pages, ${stored.fileSize} bytes): ${stored.status} after ${stored.seconds.toFixed(1)} s`,
    );
  }

  const judged = (testCase, answer) => ({
    case: testCase,
    ...answer,
    verdict: answer.error
      ? { right: false, failed: [{ name: 'request failed', ok: false }] }
      : judge(testCase, testCase.kind, answer.reply, facts),
    inventions: inventions(answer.reply ?? '', testCase, facts),
  });
  const safely = (ask) => (testCase) =>
    ask(testCase).catch((error) => ({ reply: '', error: error.message.slice(0, 300) }));

  let t = Date.now();
  const promptFacts = [];
  const testChat = [];
  for (const testCase of set.cases) {
    // The test chat takes one message and no history: a follow-up cannot be asked there.
    if (testCase.previous !== undefined) {
      testChat.push({
        case: testCase,
        skipped: true,
        reply: '',
        inventions: [],
        verdict: { right: false, failed: [] },
      });
      continue;
    }
    const before = fakeOpenAi?.requests.length ?? 0;
    testChat.push(judged(testCase, await safely((c) => askTestChat(ctx, owner, c))(testCase)));
    if (fakeOpenAi && testCase.kind === 'answer')
      promptFacts.push(factsInPrompt(testCase, fakeOpenAi.requests.slice(before)));
  }
  console.log(`  test chat: ${testChat.filter((r) => !r.skipped).length} cases in ${seconds(t)} s`);
  t = Date.now();
  const simulated = (
    await mapLimit(
      set.cases,
      SIMULATE_CONCURRENCY,
      safely((c) => askSimulated(ctx, owner, c, runId)),
    )
  ).map((answer, i) => judged(set.cases[i], answer));
  console.log(`  simulate-message: ${set.cases.length} cases in ${seconds(t)} s\n`);

  const paths = [
    { name: 'test chat', results: testChat },
    { name: 'simulate-message', results: simulated },
  ].map((p) => ({ ...p, summary: summarize(p.results, facts) }));
  for (const p of paths) {
    printTable(`${set.name} — ${p.name}`, p.summary);
    console.log('');
  }
  if (loaded.knowledge === null)
    console.log('⚠ no knowledge items were loaded (knowledge API 404): answers that need them fail');
  if (fakeOpenAi) {
    const reached = promptFacts.filter(Boolean).length;
    const kept = paths.reduce((sum, p) => sum + p.summary.all.invented, 0);
    console.log(
      `openai provider against the fake server: its answers are canned (one English reply stating a price the` +
        ` business does not have), so the figures above say nothing about answer quality. What they show: the` +
        ` claim check ran on every reply (inventions kept: ${kept}), and the facts each answer case needs` +
        ` reached the prompt in ${reached}/${promptFacts.length} cases (retrieval).`,
    );
  }
  if (set.heldOut && !args['show-held-out']) {
    console.log(`\n${set.name} is held out: its failing cases are not shown (--show-held-out shows them).`);
  } else {
    for (const p of paths) printFailures(`${set.name} — ${p.name}`, p.results);
    for (const p of paths) printClassificationMisses(`${set.name} — ${p.name}`, p.results);
  }
  console.log(`\n${set.name}: ${seconds(started)} s`);

  return {
    title: set.title,
    heldOut: set.heldOut,
    seconds: (Date.now() - started) / 1000,
    knowledgeLoaded: loaded.knowledge,
    documents,
    summary: Object.fromEntries(paths.map((p) => [p.name, p.summary])),
    ...(fakeOpenAi ? { factsInPrompt: promptFacts } : {}),
    results: Object.fromEntries(
      paths.map((p) => [
        p.name,
        p.results.map((r) => ({
          id: r.case.id,
          previous: r.case.previous,
          message: r.case.message,
          skipped: r.skipped,
          reply: r.reply,
          analysis: r.analysis,
          needsHuman: r.needsHuman,
          right: r.verdict.right,
          failed: r.verdict.failed,
          inventions: r.inventions,
          error: r.error,
        })),
      ]),
    ),
  };
}

/** Whether the prompt sent to the (fake) OpenAI server held the facts the case's answer needs. */
function factsInPrompt(testCase, requests) {
  const prompt = requests.map((r) => JSON.stringify(r.body?.messages ?? '')).join('\n');
  const stated = amounts(prompt).map((a) => a.value);
  const { prices = [], facts = [] } = testCase.expect;
  return (
    requests.length > 0 &&
    prices.every((p) => stated.some((v) => Math.abs(v - p) < 0.005)) &&
    facts.every((alternatives) => hasAny(prompt, alternatives))
  );
}
