#!/usr/bin/env node
// `npm run eval [-- --no-build] [--provider=openai] [--keep-db]`: starts an isolated Parley stack (database
// parley_eval, created afresh and dropped at the end; its own NATS and Redis prefixes), loads the fictional
// business of business/ into a new owner through the public API, asks every case of cases/ through the test
// chat and through simulate-message, and prints how right the answers were (see README.md). Missed goals are
// reported, not failures: the exit code is non-zero only when the harness itself failed.
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
import { loadBusiness, readBusiness, readCases } from './lib/business.mjs';
import { printClassificationMisses, printFailures, printTable, summarize } from './lib/report.mjs';
import { amounts, businessFacts, hasAny, judge, wrongPrices } from './lib/score.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const resultsDir = path.join(here, 'results');
const DATABASE = 'parley_eval';
/** Simulated customers asked at once: replies run in parallel as they would for a busy owner. */
const SIMULATE_CONCURRENCY = 4;

const { values: args } = parseArgs({
  options: {
    provider: { type: 'string', default: 'local' },
    'no-build': { type: 'boolean', default: false },
    'keep-db': { type: 'boolean', default: false },
  },
});
if (!['local', 'openai'].includes(args.provider)) {
  console.error(`--provider must be local or openai, not "${args.provider}"`);
  process.exit(2);
}

const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
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
 * The fake OpenAI server of messaging-service's tests, in this process. Its answers are canned, so the
 * scores mean little; the run shows that the same pipeline (retrieval into the prompt, claim check) runs.
 */
async function startFakeOpenAi() {
  const require = createRequire(import.meta.url);
  require('@swc-node/register');
  const {
    startFakeOpenAiServer,
  } = require('../../apps/messaging-service/src/agent/openai/testing/fake-openai-server.ts');
  return startFakeOpenAiServer();
}

async function main() {
  const started = Date.now();
  const business = readBusiness(path.join(here, 'business'));
  const cases = readCases(path.join(here, 'cases'));
  const facts = businessFacts(business);
  console.log(
    `eval (${args.provider} provider): ${business.products.length} products, ${business.knowledge.length} knowledge items, ${cases.length} cases; NATS_PREFIX=${env.NATS_PREFIX}`,
  );

  await resetDatabase({ create: true });
  if (!args['no-build']) {
    const t = Date.now();
    buildApps(root);
    console.log(`  built gateway + services in ${((Date.now() - t) / 1000).toFixed(1)} s`);
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

  const ownerId = randomUUID();
  const owner = {
    id: ownerId,
    cookie: await signIn(
      ctx.gatewayUrl,
      await createVerifiedOwner(env.DATABASE_URL, { id: ownerId, email: `eval-${runId}@parley.eval` }),
    ),
  };
  await raiseApiCallLimit(env.DATABASE_URL, owner.id);
  const loaded = await loadBusiness(ctx, owner, business);
  if (loaded.knowledge === null)
    console.log(
      '  ⚠ POST /api/ai/knowledge answered 404: the knowledge API is not there; asking without knowledge items',
    );
  else
    console.log(
      `  loaded the AI configuration, ${business.products.length} products, ${loaded.knowledge} knowledge items`,
    );

  const judged = (testCase, answer) => ({
    case: testCase,
    ...answer,
    verdict: answer.error
      ? { right: false, failed: [{ name: 'request failed', ok: false }] }
      : judge(testCase, testCase.kind, answer.reply, facts),
    wrongPrices: wrongPrices(answer.reply ?? '', facts),
  });
  const safely = (ask) => (testCase) =>
    ask(testCase).catch((error) => ({ reply: '', error: error.message.slice(0, 300) }));

  let t = Date.now();
  const promptFacts = [];
  const testChat = [];
  for (const testCase of cases) {
    const before = fakeOpenAi?.requests.length ?? 0;
    testChat.push(judged(testCase, await safely((c) => askTestChat(ctx, owner, c))(testCase)));
    if (fakeOpenAi && testCase.kind === 'answer')
      promptFacts.push(factsInPrompt(testCase, fakeOpenAi.requests.slice(before)));
  }
  console.log(`  test chat: ${cases.length} cases in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  const simulated = (
    await mapLimit(
      cases,
      SIMULATE_CONCURRENCY,
      safely((c) => askSimulated(ctx, owner, c, runId)),
    )
  ).map((answer, i) => judged(cases[i], answer));
  console.log(`  simulate-message: ${cases.length} cases in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);

  const paths = [
    { name: 'test chat', results: testChat },
    { name: 'simulate-message', results: simulated },
  ].map((p) => ({ ...p, summary: summarize(p.results, facts) }));
  printTable(paths);
  if (loaded.knowledge === null)
    console.log('\n⚠ no knowledge items were loaded (knowledge API 404): answers that need them fail');
  if (fakeOpenAi) {
    const reached = promptFacts.filter(Boolean).length;
    const kept = paths.reduce((sum, p) => sum + p.summary.wrongPrices, 0);
    console.log(
      `\nopenai provider against the fake server: its answers are canned (one English reply stating a price the` +
        ` business does not have), so the figures above say nothing about answer quality. What they show: the` +
        ` claim check ran on every reply (wrong prices kept: ${kept}), and the facts each answer case needs` +
        ` reached the prompt in ${reached}/${promptFacts.length} cases (retrieval).`,
    );
  }
  printFailures(paths);
  printClassificationMisses(paths);

  const file = path.join(resultsDir, 'latest.json');
  writeJson(file, {
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
    provider: args.provider,
    knowledgeLoaded: loaded.knowledge,
    summary: Object.fromEntries(paths.map((p) => [p.name, p.summary])),
    ...(fakeOpenAi ? { factsInPrompt: promptFacts } : {}),
    results: Object.fromEntries(
      paths.map((p) => [
        p.name,
        p.results.map((r) => ({
          id: r.case.id,
          message: r.case.message,
          reply: r.reply,
          analysis: r.analysis,
          needsHuman: r.needsHuman,
          right: r.verdict.right,
          failed: r.verdict.failed,
          error: r.error,
        })),
      ]),
    ),
  });
  console.log(
    `\nresults: ${path.relative(root, file)}, total ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return 0;
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
