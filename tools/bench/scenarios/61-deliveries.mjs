// Deliveries keep up: a fresh owner with the fake's Facebook page connected (auto-respond on,
// responseDelay 0, the local agent, the API-call limit out of the way) receives signed Messenger
// messages on POST /api/webhooks/meta at a steady 200/s, open loop, for 60 s, each from a new customer.
// Each becomes a message, an AI reply, and a delivery job that calls the fake's send API
// (POST /v21.0/{page}/messages). Reported: replies that reached the send API per second during the
// sending window; for each message, the time from its webhook being posted to its reply reaching the
// send API (p50/p95/p99; not sent 10 s after sending ended counts as infinitely late); and the
// deliveries still queued at the end.
// --warmup seconds of the same traffic run first, unrecorded, and are waited for (up to 10 s).
// BENCH_REPLIES_SECONDS / BENCH_REPLIES_RATE override the 60 s at 200/s for quick checks, as in 60-replies.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectFacebook, FAKE_PAGE_ID, messengerText, signature } from '../lib/channels.mjs';
import { ingestBody } from '../lib/ingest.mjs';
import { createOwner, purgeStaleOwners, raiseApiCallLimit, retireOwner, setAutoRespond, withDb } from '../lib/owners.mjs';
import { pacedPosts, percentile } from '../lib/paced.mjs';
import { num } from '../lib/report.mjs';

const RATE = Number(process.env.BENCH_REPLIES_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_REPLIES_SECONDS ?? 60);
const SETTLE_MS = 10_000;

export default {
  name: `deliveries keep up at ${RATE} replies/s for ${SECONDS} s (webhook → AI reply → send API)`,
  target: { rps: RATE * 0.95 },

  async run(ctx) {
    await purgeStaleOwners(ctx.env.DATABASE_URL);
    const owner = await createOwner(ctx, 'deliveries');
    const run = randomUUID().slice(0, 8);
    const psid = (n, phase = 'm') => `8${run}${phase}${n}`;
    try {
      await raiseApiCallLimit(ctx.env.DATABASE_URL, owner.id);
      await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 0 });
      await connectFacebook(ctx, owner);
      const send = (phase, seconds) =>
        pacedPosts({
          url: `${ctx.gatewayUrl}/api/webhooks/meta`,
          headers: (payload) => ({ 'x-hub-signature-256': signature(ctx.env.META_APP_SECRET, payload) }),
          body: (n) =>
            messengerText({ psid: psid(n, phase), text: ingestBody(n).content, mid: `m_${run}_${phase}${n}` }),
          rate: RATE,
          seconds,
        });

      if (ctx.warmupS > 0) {
        const warmup = await send('w', ctx.warmupS);
        await warmup.answered;
        await until(async () => (await sentCount(ctx)) >= warmup.sent.length, 10_000);
      }
      await fetch(`${ctx.fakeMetaUrl}/_fake/reset`, { method: 'POST' });

      const posts = await send('m', SECONDS);
      const sendEnd = performance.now();
      await sleep(SETTLE_MS);
      await posts.answered;

      const sent = await sentMessages(ctx);
      const sentAt = new Map(
        sent
          .filter((s) => s.pageId === FAKE_PAGE_ID)
          .map((s) => [s.recipientId, s.at - performance.timeOrigin]),
      );
      const acked = posts.sent.filter((r) => r.status === 200);
      const latencies = acked
        .map((r) => (sentAt.get(psid(r.n)) ?? Infinity) - r.sentAt)
        .sort((a, b) => a - b);
      const inWindow = acked.filter((r) => (sentAt.get(psid(r.n)) ?? Infinity) <= sendEnd).length;
      const delivered = latencies.filter(Number.isFinite).length;
      const queued = await withDb(ctx.env.DATABASE_URL, async (db) => {
        const { rows } = await db.query(
          `select count(*)::int as n from integrations_service.deliveries where owner_id = $1 and status = 'queued'`,
          [owner.id],
        );
        return rows[0].n;
      });
      const ours = {
        rps: inWindow / posts.seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        requests: posts.sent.length,
        errors: posts.sent.length - acked.length,
        seconds: posts.seconds,
      };
      console.log(
        `  posted ${num(posts.sent.length)} in ${posts.seconds.toFixed(1)} s, ${num(delivered)} replies reached the send API (p95 ${num(ours.p95)} ms), ${queued} still queued`,
      );
      return {
        ours,
        extra: {
          'webhook → reply at the send API': {
            note:
              `p50 ${num(ours.p50)} ms, p95 ${num(ours.p95)} ms, p99 ${num(ours.p99)} ms; ${num(delivered)} of ${num(acked.length)} ` +
              `sent by ${SETTLE_MS / 1000} s after posting ended; ${queued} deliveries still queued then`,
          },
          setup: {
            note: `"ours req/s" = replies reaching the fake's send API per second while posting; ${SECONDS} s at ${RATE}/s${SECONDS === 60 && RATE === 200 ? '' : ' (overridden by BENCH_REPLIES_*)'}, regardless of --duration`,
          },
        },
      };
    } finally {
      await fetch(`${ctx.gatewayUrl}/api/social-integrations/facebook`, {
        method: 'DELETE',
        headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
      }).catch(() => undefined);
      await retireOwner(ctx, owner);
    }
  },
};

async function sentMessages(ctx) {
  return (await fetch(`${ctx.fakeMetaUrl}/_fake/sent`)).json();
}

async function sentCount(ctx) {
  return (await sentMessages(ctx)).length;
}

/** Resolves once `check()` is true, or after `timeoutMs` whatever it says. */
async function until(check, timeoutMs) {
  const end = performance.now() + timeoutMs;
  while (performance.now() < end && !(await check())) await sleep(200);
}
