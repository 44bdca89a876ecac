// The customers page's first page (GET /api/customers?limit=100, newest first)
// at 20 connections, as the owner seeded by lib/lists-seed.mjs: 100 000 messages over 20 000 customers,
// seeded once per run by whichever list scenario runs first (the seeding is not measured).
// Floor: the statement messaging-service runs for it (CustomersQueries.page) straight through
// node-postgres at the same concurrency (lib/statement-floor.mjs).
import { listsSeed } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'lists at 100 k rows: GET /api/customers?limit=100 vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    return pageAndFloor(ctx, owner, { path: '/api/customers?limit=100', query: 'customers.page' });
  },
};
