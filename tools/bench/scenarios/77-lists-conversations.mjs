// The inbox's conversation list (GET /api/conversations?limit=100, newest activity first, each row with
// its newest message) at 20 connections, as the owner seeded by lib/lists-seed.mjs: 20 000 conversations
// over 100 000 messages, seeded once per run by whichever list scenario runs first (not measured).
import { listsSeed } from '../lib/lists-seed.mjs';

export default {
  name: 'conversations at 20 k: GET /api/conversations?limit=100, 20 concurrent',
  target: { p99Ms: 30 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/conversations?limit=100`, {
      connections: 20,
      headers: { cookie: owner.cookie },
    });
    return { ours };
  },
};
