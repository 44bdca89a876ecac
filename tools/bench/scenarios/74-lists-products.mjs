// The catalogue's first page (GET /api/products?limit=100, ordered by name) at 20 connections, as the
// owner seeded by lib/catalogue-seed.mjs with 10 000 products. Floor: the statement catalogue-service runs
// for it (ProductsQueries.page) straight through node-postgres at the same concurrency
// (lib/statement-floor.mjs). Also measured, for the breakdown: a search (`q`) and the stock filter, the
// queries the products screen sends as the owner types.
import { catalogueSeed } from '../lib/catalogue-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'products at 10 k: GET /api/products?limit=100 vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await catalogueSeed(ctx);
    const load = (query) =>
      ctx.http(`${ctx.gatewayUrl}/api/products?${query}`, {
        connections: 20,
        headers: { cookie: owner.cookie },
      });
    const { ours, floor } = await pageAndFloor(ctx, owner, {
      path: '/api/products?limit=100',
      query: 'products.page',
    });
    const search = await load('limit=100&q=kettle');
    const outOfStock = await load('limit=100&inStock=false&category=kitchen');
    return { ours, floor, extra: { '?q=kettle': search, '?inStock=false&category=kitchen': outOfStock } };
  },
};
