// Opening one conversation: its whole thread of 500 messages (GET /api/messages?customerId=…&limit=500),
// one request at a time as an owner opens threads, in the inbox of the owner seeded by
// lib/lists-seed.mjs (20 000 conversations, 100 000 messages) plus that customer (threadSeed; not
// measured). Floor: the statement messaging-service runs for it (MessagesQueries.page for the customer)
// straight through node-postgres, one at a time too (lib/statement-floor.mjs). At 20 concurrent the
// figure is throughput, not a load time: each answer is ~150 kB, and 20 of them at once queue for the
// machine's two cores; measured beside it.
import { THREAD_LENGTH, threadSeed } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: `thread of ${THREAD_LENGTH} messages: GET /api/messages?customerId=…&limit=${THREAD_LENGTH} vs its SQL, one at a time`,
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner, customerId } = await threadSeed(ctx);
    const path = `/api/messages?customerId=${customerId}&limit=${THREAD_LENGTH}`;
    const { ours, floor } = await pageAndFloor(ctx, owner, {
      path,
      query: 'messages.page',
      filter: { customerId },
      limit: THREAD_LENGTH,
      connections: 1,
    });
    const concurrent = await ctx.http(`${ctx.gatewayUrl}${path}`, {
      connections: 20,
      headers: { cookie: owner.cookie },
    });
    return { ours, floor, extra: { '20 concurrent': concurrent } };
  },
};
