// The catalogue's first page (GET /api/products?limit=100, ordered by name) at 20 connections, as the
// owner seeded by lib/catalogue-seed.mjs with 10 000 products. Also measured, for the breakdown: a
// search (`q`) and the stock filter, the queries the products screen sends as the owner types.
import { catalogueSeed } from '../lib/catalogue-seed.mjs';

export default {
  name: 'products at 10 k: GET /api/products?limit=100, 20 concurrent',
  target: { p99Ms: 30 },

  async run(ctx) {
    const { owner } = await catalogueSeed(ctx);
    const load = (query) =>
      ctx.http(`${ctx.gatewayUrl}/api/products?${query}`, {
        connections: 20,
        headers: { cookie: owner.cookie },
      });
    const ours = await load('limit=100');
    const search = await load('limit=100&q=kettle');
    const outOfStock = await load('limit=100&inStock=false&category=kitchen');
    return { ours, extra: { '?q=kettle': search, '?inStock=false&category=kitchen': outOfStock } };
  },
};
