// Conversation search at 20 connections, as the owner seeded by lib/lists-seed.mjs (20 000 conversations,
// 100 000 messages): judged on a word in 1 % of the messages ("bluetooth": 1 000 conversations, found
// through the messages' search keys) against its floor (the statement messaging-service runs for it,
// ConversationsQueries.page with `q`, straight through node-postgres at the same concurrency:
// lib/statement-floor.mjs), with part of a name ("garc", ~1.7 % of the customers, found through the
// customers' trigram index) measured beside it.
import { listsSeed, MESSAGE_WORD, NAME_PART } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'conversations at 20 k: search (a word in 1 % of the messages) vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const { ours, floor } = await pageAndFloor(ctx, owner, {
      path: `/api/conversations?limit=100&q=${MESSAGE_WORD}`,
      query: 'conversations.page',
      filter: { q: MESSAGE_WORD },
    });
    const name = await ctx.http(`${ctx.gatewayUrl}/api/conversations?limit=100&q=${NAME_PART}`, {
      connections: 20,
      headers: { cookie: owner.cookie },
    });
    return { ours, floor, extra: { [`?q=${NAME_PART} (names)`]: name } };
  },
};
