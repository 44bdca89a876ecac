import { randomUUID } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import type { AgentProduct } from '@parley/agent';
import { PRODUCT_SEARCH_LIMIT, PRODUCTS_SUBJECTS } from '@parley/contracts';
import { connectNats, loadConfig, ServiceClient } from '@parley/server-kit';
import { CatalogueClient } from '../src/catalogue/catalogue.client';
import { MessagingConfig } from '../src/config/messaging.config';
import { checkedKnowledge } from '../src/replies/agent-context';

const product = (name: string, price: number): AgentProduct => ({
  name,
  price,
  inStock: true,
  category: 'bakery',
  description: '',
  features: [],
});

/**
 * The knowledge check on the real NATS server, with a catalogue that answers a search as catalogue-service does:
 * the products the text names, in the text's order, at most PRODUCT_SEARCH_LIMIT.
 */
describe('checkedKnowledge: the products a price sentence names', () => {
  let nc: NatsConnection;
  let catalogue: CatalogueClient;
  const owner = randomUUID();
  const shelf = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'].map((name, i) =>
    product(`${name} Loaf`, 10 + i),
  );
  const products = [...shelf, product('Roll', 6), product('Bun', 7)];

  beforeAll(async () => {
    const prefix = `price_check_${randomUUID().slice(0, 8)}.`;
    const config = loadConfig(MessagingConfig, { NATS_PREFIX: prefix });
    nc = await connectNats(config.NATS_URL, 'price-check-test');
    catalogue = new CatalogueClient(new ServiceClient(nc, prefix, 5000), config);
    const codec = JSONCodec<{ id: string; data: { data: { text: string } } }>();
    nc.subscribe(`${prefix}${PRODUCTS_SUBJECTS.search}`, {
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data);
        const text = packet.data.data.text.toLowerCase();
        const named = products
          .map((p) => ({ p, at: text.indexOf(p.name.toLowerCase()) }))
          .filter(({ at }) => at >= 0)
          .sort((a, b) => a.at - b.at)
          .slice(0, PRODUCT_SEARCH_LIMIT)
          .map(({ p }) => p);
        msg.respond(JSONCodec().encode({ id: packet.id, response: named, isDisposed: true }));
      },
    });
    await nc.flush();
  });

  afterAll(() => nc.close());

  it('keeps a true sentence of a long price list whose products one search of the whole passage would not all find', async () => {
    const list = shelf.map((loaf) => `The ${loaf.name} costs $${loaf.price}.`).join(' ');
    const content = `${list} Rolls ($6) and buns ($7) come out of the oven at noon.`;

    const [checked] = await checkedKnowledge(
      catalogue,
      owner,
      [{ category: 'faq', title: 'Bread', content, priority: 1 }],
      [],
    );

    expect(checked.content).toBe(content);
  });

  it('still takes out a sentence giving a product the wrong price', async () => {
    const content = 'Rolls ($9) come out of the oven at noon. Buns come out at one.';

    const [checked] = await checkedKnowledge(
      catalogue,
      owner,
      [{ category: 'faq', title: 'Bread', content, priority: 1 }],
      [],
    );

    expect(checked.content).toBe('Buns come out at one.');
  });
});
