// Inbox search (GET /api/messages?q=bluetooth, a word in exactly 1 % of the messages; trigram index)
// at 20 connections, as the owner seeded by lib/lists-seed.mjs: 100 000 messages over 20 000 customers,
// seeded once per run by whichever list scenario runs first (the seeding is not measured).
// Floor: the statement messaging-service runs for it (MessagesQueries.page with the search; the term names
// no platform) straight through node-postgres at the same concurrency (lib/statement-floor.mjs).
import { listsSeed, MESSAGE_WORD } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'lists at 100 k rows: search messages (1 % match) vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    return pageAndFloor(ctx, owner, {
      path: `/api/messages?limit=100&q=${MESSAGE_WORD}`,
      query: 'messages.page',
      filter: { search: { term: MESSAGE_WORD, platforms: [] } },
    });
  },
};
