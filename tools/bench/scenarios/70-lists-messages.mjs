// The inbox's first page (GET /api/messages?limit=100, newest first, each row with its customer's name)
// at 20 connections, as the owner seeded by lib/lists-seed.mjs: 100 000 messages over 20 000 customers,
// seeded once per run by whichever of 70–73 runs first (the seeding is not measured).
import { listsSeed } from '../lib/lists-seed.mjs';

export default {
  name: 'lists at 100 k rows: GET /api/messages?limit=100, 20 concurrent',
  target: { p99Ms: 30 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/messages?limit=100`, {
      connections: 20,
      headers: { cookie: owner.cookie },
    });
    return { ours };
  },
};
