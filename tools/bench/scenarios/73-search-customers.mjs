// Customer search by part of a name (GET /api/customers?q=garc: the García customers, ~1.7 %)
// at 20 connections, as the owner seeded by lib/lists-seed.mjs: 100 000 messages over 20 000 customers,
// seeded once per run by whichever of 70–73 runs first (the seeding is not measured).
import { listsSeed, NAME_PART } from '../lib/lists-seed.mjs';

export default {
  name: 'lists at 100 k rows: search customers by part of a name, 20 concurrent',
  target: { p99Ms: 100 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/customers?limit=100&q=${NAME_PART}`, {
      connections: 20,
      headers: { cookie: owner.cookie },
    });
    return { ours };
  },
};
