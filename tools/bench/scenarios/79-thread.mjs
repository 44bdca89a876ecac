// Opening one conversation: its whole thread of 500 messages (GET /api/messages?customerId=…&limit=500),
// one request at a time as an owner opens threads, in the inbox of the owner seeded by
// lib/lists-seed.mjs (20 000 conversations, 100 000 messages) plus that customer (threadSeed; not
// measured). At 20 concurrent the figure is throughput, not a load time: each answer is ~150 kB, and
// 20 of them at once queue for the machine's two cores; measured beside it.
import { THREAD_LENGTH, threadSeed } from '../lib/lists-seed.mjs';

export default {
  name: `thread of ${THREAD_LENGTH} messages: GET /api/messages?customerId=…&limit=${THREAD_LENGTH}, one at a time`,
  target: { p99Ms: 30 },

  async run(ctx) {
    const { owner, customerId } = await threadSeed(ctx);
    const load = (connections) =>
      ctx.http(`${ctx.gatewayUrl}/api/messages?customerId=${customerId}&limit=${THREAD_LENGTH}`, {
        connections,
        headers: { cookie: owner.cookie },
      });
    const ours = await load(1);
    const concurrent = await load(20);
    return { ours, extra: { '20 concurrent': concurrent } };
  },
};
