// Deliveries keep the rate, as a sustained capacity: a fresh owner with the fake's Facebook page connected
// (auto-respond on, responseDelay 0, the local agent, the API-call limit out of the way) receives signed
// Messenger messages on POST /api/webhooks/meta at a steady rate, open loop, each from a new customer.
// Each becomes a message, an AI reply, and a delivery job that calls the fake's send API
// (POST /v21.0/{page}/messages). The rate steps up as in 60-replies (lib/capacity.mjs: 100/s, then 50/s
// more, up to 400/s, 60 s each) until a step is not kept; the figure is the highest rate kept. A step is
// kept when the replies that reached the send API while posting came to ≥ 95 % of the rate and at most
// 1 % of the webhooks failed. Reported per step: that rate, the time from each webhook being posted to
// its reply reaching the send API (p50/p95/p99; not sent 10 s after posting ended counts as infinitely
// late), and the deliveries still queued then.
// --warmup seconds of the first rate run first, unrecorded, and are waited for (up to 10 s).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  capacitySteps,
  describeSteps,
  findCapacity,
  latencyNote,
  stepMeasurement,
} from '../lib/capacity.mjs';
import { connectFacebook, FAKE_PAGE_ID, messengerText, signature } from '../lib/channels.mjs';
import { ingestBody } from '../lib/ingest.mjs';
import {
  createOwner,
  purgeStaleOwners,
  raiseApiCallLimit,
  retireOwner,
  setAutoRespond,
  withDb,
} from '../lib/owners.mjs';
import { pacedPosts } from '../lib/paced.mjs';
import { num } from '../lib/report.mjs';

const STEPS = capacitySteps();
const SETTLE_MS = 10_000;
/** A step is kept when this share of its rate reached the send API while posting. */
const KEPT_SHARE = 0.95;

export default {
  name: `deliveries: the highest rate kept, webhook → AI reply → send API (${describeSteps(STEPS)})`,
  target: { capacity: 200 },

  async run(ctx) {
    await purgeStaleOwners(ctx.env.DATABASE_URL);
    const owner = await createOwner(ctx, 'deliveries');
    const run = randomUUID().slice(0, 8);
    const psid = (n, phase) => `8${run}${phase}${n}`;
    try {
      await raiseApiCallLimit(ctx.env.DATABASE_URL, owner.id);
      await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 0 });
      await connectFacebook(ctx, owner);
      const send = (phase, rate, seconds) =>
        pacedPosts({
          url: `${ctx.gatewayUrl}/api/webhooks/meta`,
          headers: (payload) => ({ 'x-hub-signature-256': signature(ctx.env.META_APP_SECRET, payload) }),
          body: (n) =>
            messengerText({
              psid: psid(n, phase),
              text: ingestBody(n).content,
              mid: `m_${run}_${phase}${n}`,
            }),
          rate,
          seconds,
        });

      if (ctx.warmupS > 0) {
        const warmup = await send('w', STEPS.rates[0], ctx.warmupS);
        await warmup.answered;
        await until(async () => (await sentCount(ctx)) >= warmup.sent.length, 10_000);
      }

      const { ours, extra } = await findCapacity(STEPS, async (rate, seconds) => {
        const phase = `s${rate}x`;
        await fetch(`${ctx.fakeMetaUrl}/_fake/reset`, { method: 'POST' });
        const posts = await send(phase, rate, seconds);
        const sendEnd = performance.now();
        await sleep(SETTLE_MS);
        await posts.answered;

        const sentAt = new Map(
          (await sentMessages(ctx))
            .filter((s) => s.pageId === FAKE_PAGE_ID)
            .map((s) => [s.recipientId, s.at - performance.timeOrigin]),
        );
        const acked = posts.sent.filter((r) => r.status === 200);
        const reachedAt = (r) => sentAt.get(psid(r.n, phase)) ?? Infinity;
        const delivered = acked.filter((r) => reachedAt(r) !== Infinity).length;
        const queued = await withDb(ctx.env.DATABASE_URL, async (db) => {
          const { rows } = await db.query(
            `select count(*)::int as n from integrations_service.deliveries where owner_id = $1 and status = 'queued'`,
            [owner.id],
          );
          return rows[0].n;
        });
        const ours = stepMeasurement(posts, acked, reachedAt, sendEnd);
        const failed = ours.errors;
        return {
          kept: ours.rps >= KEPT_SHARE * rate && failed <= 0.01 * posts.sent.length,
          ours,
          why:
            `${num(ours.rps)} replies/s reached the send API while posting; webhook → send API ${latencyNote(ours)}; ` +
            `${num(delivered)} of ${num(acked.length)} sent by ${SETTLE_MS / 1000} s after posting ended, ` +
            `${queued} deliveries still queued then` +
            (failed > 0 ? `; ${failed} webhooks failed` : ''),
        };
      });
      return {
        ours,
        extra: {
          ...extra,
          setup: {
            note: `"ours req/s" = the highest rate kept (≥ ${KEPT_SHARE * 100} % of it at the send API while posting, ≤ 1 % failed); steps ${describeSteps(STEPS)} (BENCH_REPLIES_*), regardless of --duration`,
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
