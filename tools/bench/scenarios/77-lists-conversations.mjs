// The inbox's conversation list (GET /api/conversations?limit=100, newest activity first, each row with
// its newest message) at 20 connections, as the owner seeded by lib/lists-seed.mjs: 20 000 conversations
// over 100 000 messages, seeded once per run by whichever list scenario runs first (not measured).
// Floor: the statement messaging-service runs for it (ConversationsQueries.page) straight through
// node-postgres at the same concurrency (lib/statement-floor.mjs).
import { listsSeed } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'conversations at 20 k: GET /api/conversations?limit=100 vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    return pageAndFloor(ctx, owner, { path: '/api/conversations?limit=100', query: 'conversations.page' });
  },
};
