// Customer search by part of a name (GET /api/customers?q=garc: the García customers, ~1.7 %)
// at 20 connections, as the owner seeded by lib/lists-seed.mjs: 100 000 messages over 20 000 customers,
// seeded once per run by whichever list scenario runs first (the seeding is not measured).
// Floor: the statement messaging-service runs for it (CustomersQueries.page with `q`) straight through
// node-postgres at the same concurrency (lib/statement-floor.mjs).
import { listsSeed, NAME_PART } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'lists at 100 k rows: search customers by part of a name vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    return pageAndFloor(ctx, owner, {
      path: `/api/customers?limit=100&q=${NAME_PART}`,
      query: 'customers.page',
      filter: { q: NAME_PART },
    });
  },
};
