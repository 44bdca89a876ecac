// AI replies keep up with inbound traffic, as a sustained capacity: a fresh owner (auto-respond on,
// responseDelay 0, the stack's agent — the offline `local` provider unless OPENAI_API_KEY is set — and an
// API-call limit raised out of the way) receives POST /api/simulate-message at a steady rate, open loop,
// each message from a new customer, while a /ws socket signed in as the owner records every
// `message_responded` frame. The rate steps up (lib/capacity.mjs: 100/s, then 50/s more, up to 400/s,
// 60 s each) until a step is not kept; the figure is the highest rate kept. A step is kept when, for its
// messages, the time from the POST being sent to the reply's frame has p95 ≤ 300 ms (a message unanswered
// 5 s after sending ended counts as infinitely late), at most 1 % of the POSTs failed, and the backlog
// (pending incoming messages) did not grow in the 5 s after sending ended. --warmup seconds of the first
// rate run first, unrecorded; if replies fall behind, the warm-up's backlog (waited for up to 10 s)
// carries into the first step.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import {
  capacitySteps,
  describeSteps,
  findCapacity,
  latencyNote,
  stepMeasurement,
} from '../lib/capacity.mjs';
import { ingestBody } from '../lib/ingest.mjs';
import {
  createOwner,
  pendingIncoming,
  purgeStaleOwners,
  raiseApiCallLimit,
  retireOwner,
  setAutoRespond,
  withDb,
} from '../lib/owners.mjs';
import { pacedPosts, percentile } from '../lib/paced.mjs';
import { num } from '../lib/report.mjs';

const STEPS = capacitySteps();
const SETTLE_MS = 5000;
const P95_MS = 300;

export default {
  name: `replies: the highest rate kept with message → reply p95 ≤ ${P95_MS} ms (${describeSteps(STEPS)})`,
  target: { capacity: 200 },

  async run(ctx) {
    const databaseUrl = ctx.env.DATABASE_URL;
    await purgeStaleOwners(databaseUrl);
    const owner = await createOwner(ctx, 'replies');
    let socket;
    try {
      await raiseApiCallLimit(databaseUrl, owner.id);
      await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 0 });
      socket = await listen(ctx, owner);
      const tag = randomUUID().slice(0, 8);
      let n = 0;
      const send = (rate, seconds) =>
        pacedPosts({
          url: `${ctx.gatewayUrl}/api/simulate-message`,
          headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
          // Each message from a new customer: a customer whose question the AI cannot answer is handed to
          // a person, and the AI leaves their next messages alone (docs/agent.md, hand-off).
          body: (i) => {
            const body = ingestBody(n + i);
            return { ...body, platformUsername: `${body.platformUsername}.${tag}.${n + i}` };
          },
          rate,
          seconds,
        }).then((posts) => ((n += posts.sent.length), posts));

      if (ctx.warmupS > 0) {
        const warmup = await send(STEPS.rates[0], ctx.warmupS);
        await warmup.answered;
        await until(
          () => warmup.sent.every((r) => !r.json?.messageId || socket.responded.has(r.json.messageId)),
          10_000,
        );
      }

      const { ours, extra } = await findCapacity(STEPS, async (rate, seconds) => {
        const run = await send(rate, seconds);
        const sendEnd = performance.now();
        const unanswered = run.sent.filter((r) => r.status === undefined && r.error === undefined).length;
        const pendingAtEnd = await withDb(databaseUrl, (db) => pendingIncoming(db, owner.id));
        const cutoff = sendEnd + SETTLE_MS;
        await sleep(Math.max(0, cutoff - performance.now()));
        const pendingLater = await withDb(databaseUrl, (db) => pendingIncoming(db, owner.id));
        await run.answered;

        const acked = run.sent.filter((r) => r.status === 201 && r.json?.messageId);
        /** When the reply to `r` was pushed, if it was by the cutoff. */
        const pushedAt = (r) => {
          const at = socket.responded.get(r.json.messageId);
          return at !== undefined && at <= cutoff ? at : Infinity;
        };
        const ours = stepMeasurement(run, acked, pushedAt, sendEnd);
        const replied = acked.filter((r) => pushedAt(r) !== Infinity).length;
        const acks = acked.map((r) => r.ackAt - r.sentAt).sort((a, b) => a - b);
        const failed = ours.errors;
        const grew = pendingLater > pendingAtEnd;
        return {
          kept: ours.p95 <= P95_MS && failed <= 0.01 * run.sent.length && !grew,
          ours,
          why:
            `message → reply ${latencyNote(ours)}; ${num(replied)} of ${num(acked.length)} replies pushed by ` +
            `${SETTLE_MS / 1000} s after sending ended, ${num(ours.rps)}/s while sending; POST acks p99 ` +
            `${num(percentile(acks, 99))} ms` +
            (failed > 0 ? `, ${failed} failed (${failures(run.sent)})` : '') +
            `; backlog ${pendingAtEnd} at the end (${unanswered} POSTs not acknowledged yet), ` +
            `${pendingLater} ${SETTLE_MS / 1000} s later${grew ? ' (GREW)' : ''}`,
        };
      });
      return {
        ours,
        extra: {
          ...extra,
          setup: {
            note: `"ours req/s" = the highest rate kept (p95 ≤ ${P95_MS} ms, ≤ 1 % failed, backlog not growing); responseDelay 0, autoRespond on, agent ${ctx.env.OPENAI_API_KEY ? 'OpenAI (OPENAI_API_KEY is set)' : 'local'}; steps ${describeSteps(STEPS)} (BENCH_REPLIES_*), regardless of --duration`,
          },
        },
      };
    } finally {
      socket?.close();
      const removed = await retireOwner(ctx, owner);
      if (removed > 0) console.log(`  removed ${removed} reply jobs still queued for the owner`);
    }
  },
};

/** A /ws socket signed in as the owner; `responded` maps messageId → arrival (performance.now()). */
async function listen(ctx, owner) {
  const ws = new WebSocket(`${ctx.gatewayUrl.replace(/^http/, 'ws')}/ws`, {
    headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
  });
  const responded = new Map();
  ws.on('message', (data) => {
    const at = performance.now();
    let frame;
    try {
      frame = JSON.parse(data.toString('utf8'));
    } catch {
      return console.error(`  /ws sent a frame that is not JSON: ${data.toString('utf8').slice(0, 100)}`);
    }
    if (frame.type === 'message_responded' && !responded.has(frame.data?.messageId))
      responded.set(frame.data.messageId, at);
  });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) =>
      reject(new Error(`/ws upgrade refused: ${res.statusCode}`)),
    );
  });
  ws.on('error', (error) => console.error(`  /ws error: ${error.message}`));
  return { responded, close: () => ws.terminate() };
}

/** "504 ×12, timeout ×3": why POSTs failed. */
function failures(sent) {
  const counts = new Map();
  for (const r of sent) {
    if (r.status === 201 && r.json?.messageId) continue;
    const why =
      r.error ?? (r.status === undefined ? 'no answer' : `${r.status} ${r.json?.message ?? ''}`.trim());
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts].map(([why, n]) => `${why} ×${n}`).join(', ');
}

async function until(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await sleep(100);
}
