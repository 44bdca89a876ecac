// The product search the agent asks for every reply (catalogue.products.search over NATS, straight to
// catalogue-service, no gateway), over the 10 000 products of lib/catalogue-seed.mjs, the customer
// messages of `searchTexts` in turn, 4 in flight (messaging-service's reply concurrency). Floor: the
// statement catalogue-service runs for each message (ProductSearchQueries.search) straight through
// node-postgres, in the same turn and at the same concurrency (lib/statement-floor.mjs).
import { catalogueSeed, searchTexts } from '../lib/catalogue-seed.mjs';
import { serviceStatements } from '../lib/statement-floor.mjs';

export default {
  name: 'agent product search at 10 k products (NATS) vs its SQL, 4 in flight',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await catalogueSeed(ctx);
    const floor = await serviceStatements(ctx, {
      calls: searchTexts.map((text) => ({ query: 'products.search', args: [owner.id, text] })),
      connections: 4,
    });
    const ours = await ctx.runFloor('nats-requester.mjs', {
      natsUrl: ctx.env.NATS_URL,
      subject: `${ctx.env.NATS_PREFIX}catalogue.products.search`,
      pattern: 'catalogue.products.search',
      payloads: searchTexts.map((text) => ({ actor: { userId: owner.id }, data: { text } })),
      concurrency: 4,
      warmupMs: ctx.warmupS * 1000,
      durationMs: ctx.durationS * 1000,
    });
    return { ours, floor };
  },
};
