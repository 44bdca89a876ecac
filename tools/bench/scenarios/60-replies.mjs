// AI replies keep up with inbound traffic: a fresh owner (auto-respond on, responseDelay 0, the stack's
// agent — the offline `local` provider unless OPENAI_API_KEY is set — and an API-call limit raised out
// of the way) receives POST /api/simulate-message at a steady 200/s, open loop, for 60 s, while a /ws
// socket signed in as the owner records every `message_responded` frame.
// Reported: replies pushed per second during the sending window; for each message, the time from its
// POST being sent to its reply's frame (p50/p95/p99; a message unanswered 5 s after sending ended counts
// as infinitely late); the POST acks; and the backlog (pending incoming messages) at the end of sending
// and 5 s later, which must not grow.
// The 60 s at 200/s are the requirement and do not follow --duration; for a quick check or to find the
// rate that does keep up, BENCH_REPLIES_SECONDS=10 and BENCH_REPLIES_RATE=50 override them (the name
// shows the values used). --warmup seconds of the same traffic run first, unrecorded; if replies fall
// behind, the warm-up's backlog (waited for up to 10 s) carries into the measurement.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
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

const RATE = Number(process.env.BENCH_REPLIES_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_REPLIES_SECONDS ?? 60);
const SETTLE_MS = 5000;

export default {
  name: `replies keep up at ${RATE} messages/s for ${SECONDS} s (responseDelay 0)`,
  target: { p95Ms: 300 },

  async run(ctx) {
    if (!(SECONDS > 0 && RATE > 0))
      throw new Error('BENCH_REPLIES_SECONDS and BENCH_REPLIES_RATE must be positive numbers');
    const databaseUrl = ctx.env.DATABASE_URL;
    await purgeStaleOwners(databaseUrl);
    const owner = await createOwner(ctx, 'replies');
    let socket;
    try {
      await raiseApiCallLimit(databaseUrl, owner.id);
      await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 0 });
      socket = await listen(ctx, owner);
      const send = (seconds) =>
        pacedPosts({
          url: `${ctx.gatewayUrl}/api/simulate-message`,
          headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
          body: ingestBody,
          rate: RATE,
          seconds,
        });

      if (ctx.warmupS > 0) {
        const warmup = await send(ctx.warmupS);
        await warmup.answered;
        await until(
          () => warmup.sent.every((r) => !r.json?.messageId || socket.responded.has(r.json.messageId)),
          10_000,
        );
      }

      const run = await send(SECONDS);
      const sendEnd = performance.now();
      const unanswered = run.sent.filter((r) => r.status === undefined && r.error === undefined).length;
      const pendingAtEnd = await withDb(databaseUrl, (db) => pendingIncoming(db, owner.id));
      const cutoff = sendEnd + SETTLE_MS;
      await sleep(Math.max(0, cutoff - performance.now()));
      const [pendingLater, stored] = await withDb(databaseUrl, async (db) => [
        await pendingIncoming(db, owner.id),
        await repliesStored(db, owner.id),
      ]);
      await run.answered;

      const acked = run.sent.filter((r) => r.status === 201 && r.json?.messageId);
      /** When the reply to `r` was pushed, if it was by the cutoff. */
      const pushedAt = (r) => {
        const at = socket.responded.get(r.json.messageId);
        return at !== undefined && at <= cutoff ? at : Infinity;
      };
      const latencies = acked.map((r) => pushedAt(r) - r.sentAt).sort((a, b) => a - b);
      const replied = latencies.filter(Number.isFinite).length;
      const inWindow = acked.filter((r) => pushedAt(r) <= sendEnd).length;
      const acks = acked.map((r) => r.ackAt - r.sentAt).sort((a, b) => a - b);
      const failed = run.sent.length - acked.length;

      const ours = {
        rps: inWindow / run.seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        requests: run.sent.length,
        errors: failed,
        seconds: run.seconds,
      };
      const grew = pendingLater > pendingAtEnd;
      console.log(
        `  sent ${num(run.sent.length)} in ${run.seconds.toFixed(1)} s, ${num(replied)} replies pushed (p95 ${num(ours.p95)} ms), backlog ${pendingAtEnd} → ${pendingLater}`,
      );
      return {
        ours,
        extra: {
          [`POST acks (open loop, ${RATE}/s)`]: {
            rps: acked.length / run.seconds,
            p50: percentile(acks, 50),
            p99: percentile(acks, 99),
            requests: run.sent.length,
            errors: failed,
            seconds: run.seconds,
          },
          'message → reply pushed': {
            note:
              `p50 ${num(ours.p50)} ms, p95 ${num(ours.p95)} ms, p99 ${num(ours.p99)} ms; ${num(replied)} of ${num(acked.length)} ` +
              `pushed by ${SETTLE_MS / 1000} s after sending ended (${num(stored)} AI replies stored by then, warm-up included)` +
              (failed > 0 ? `; ${failed} POSTs failed (${failures(run.sent)})` : ''),
          },
          'backlog (pending incoming)': {
            note:
              `${pendingAtEnd} at the end of sending (${unanswered} POSTs not acknowledged yet), ` +
              `${pendingLater} ${SETTLE_MS / 1000} s later (${grew ? 'GREW' : 'not growing'})`,
          },
          setup: {
            note: `"ours req/s" = replies pushed per second while sending; responseDelay 0, autoRespond on, agent ${ctx.env.OPENAI_API_KEY ? 'OpenAI (OPENAI_API_KEY is set)' : 'local'}; ${SECONDS} s at ${RATE}/s${SECONDS === 60 && RATE === 200 ? '' : ' (overridden by BENCH_REPLIES_*)'}, regardless of --duration`,
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

/** AI replies the owner's customers got (outgoing, AI-generated). */
async function repliesStored(db, ownerId) {
  const { rows } = await db.query(
    `select count(*)::int as n from messaging_service.messages
      where owner_id = $1 and direction = 'outgoing' and ai_generated`,
    [ownerId],
  );
  return rows[0].n;
}

async function until(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition() && performance.now() < deadline) await sleep(100);
}
