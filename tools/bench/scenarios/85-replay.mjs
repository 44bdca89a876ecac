// A replay before publishing (docs/agent.md, "Replay"): a fresh owner with 50 customer messages (the ingest
// scenarios' mix; auto-respond off, so nothing answers them) and a few knowledge items tries a new knowledge
// item: POST /api/ai/replays until GET /api/ai/replays/{id} says done, every message answered twice (live and
// with the draft) by the stack's agent (the offline `local` provider unless OPENAI_API_KEY is set).
// Three runs, each timed from the POST to the finished replay; the slowest must stay within 30 s (issue 30).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ingestBody } from '../lib/ingest.mjs';
import { api, createOwner, purgeStaleOwners, retireOwner, setAutoRespond } from '../lib/owners.mjs';

const MESSAGES = 50;
const RUNS = 3;
const KNOWLEDGE = [
  ['Returns', 'Unused items can be returned within 30 days of delivery with the receipt.'],
  ['Shipping', 'We ship across Spain in 2 to 3 working days and to the rest of Europe in 5 days.'],
  ['Opening hours', 'The Valencia shop is open Monday to Saturday from 9:00 to 20:00.'],
];

export default {
  name: `replay of ${MESSAGES} customer messages with a knowledge draft (≤ 30 s)`,
  target: { p99Ms: 30_000 },

  async run(ctx) {
    await purgeStaleOwners(ctx.env.DATABASE_URL);
    const owner = await createOwner(ctx, 'replay');
    try {
      await setAutoRespond(ctx, owner, { autoRespond: false, responseDelay: 0 });
      for (const [title, content] of KNOWLEDGE)
        await api(ctx, owner, 'POST', '/api/ai/knowledge', { category: 'policies', title, content });
      for (let n = 0; n < MESSAGES; n++)
        await api(ctx, owner, 'POST', '/api/simulate-message', ingestBody(n));

      const draft = {
        kind: 'knowledge_create',
        knowledge: {
          category: 'policies',
          title: 'Returns of sale items',
          content: 'Items bought on sale can be exchanged within 14 days, but not refunded.',
        },
      };
      const times = [];
      let errors = 0;
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const { body } = await api(ctx, owner, 'POST', '/api/ai/replays', { draft, limit: MESSAGES });
        const replay = await finished(ctx, owner, body.id);
        times.push(performance.now() - started);
        if (replay.status !== 'done' || replay.total !== MESSAGES) {
          errors++;
          console.error(
            `  replay ended ${replay.status} with ${replay.total} messages: ${replay.error ?? ''}`,
          );
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      return {
        ours: { rps: 1000 / median, p50: median, p99: sorted.at(-1), requests: RUNS, errors },
      };
    } finally {
      await retireOwner(ctx, owner);
    }
  },
};

/** Reads the replay every 100 ms until it has ended (at most a minute). */
async function finished(ctx, owner, id) {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const { body } = await api(ctx, owner, 'GET', `/api/ai/replays/${id}`);
    if (body.status === 'done' || body.status === 'failed' || performance.now() > deadline) return body;
    await sleep(100);
  }
}
