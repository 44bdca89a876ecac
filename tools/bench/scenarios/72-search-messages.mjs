// Inbox search (GET /api/messages?q=bluetooth, a word in exactly 1 % of the messages; trigram index)
// at 20 connections, as the owner seeded by lib/lists-seed.mjs: 100 000 messages over 20 000 customers,
// seeded once per run by whichever of 70–73 runs first (the seeding is not measured).
import { listsSeed, MESSAGE_WORD } from '../lib/lists-seed.mjs';

export default {
  name: 'lists at 100 k rows: search messages (1 % match), 20 concurrent',
  target: { p99Ms: 100 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/messages?limit=100&q=${MESSAGE_WORD}`, {
      connections: 20,
      headers: { cookie: owner.cookie },
    });
    return { ours };
  },
};
