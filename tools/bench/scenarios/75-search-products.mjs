// The product search the agent asks for every reply (catalogue.products.search over NATS, straight to
// catalogue-service, no gateway), over the 10 000 products of lib/catalogue-seed.mjs, the customer
// messages of `searchTexts` in turn, 4 in flight (messaging-service's reply concurrency).
import { catalogueSeed, searchTexts } from '../lib/catalogue-seed.mjs';

export default {
  name: 'agent product search at 10 k products (NATS, 4 in flight)',
  target: { p99Ms: 10 },

  async run(ctx) {
    const { owner } = await catalogueSeed(ctx);
    const ours = await ctx.runFloor('nats-requester.mjs', {
      natsUrl: ctx.env.NATS_URL,
      subject: `${ctx.env.NATS_PREFIX}catalogue.products.search`,
      pattern: 'catalogue.products.search',
      payloads: searchTexts.map((text) => ({ actor: { userId: owner.id }, data: { text } })),
      concurrency: 4,
      warmupMs: ctx.warmupS * 1000,
      durationMs: ctx.durationS * 1000,
    });
    return { ours };
  },
};
