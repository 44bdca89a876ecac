import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { JSONCodec, type NatsConnection } from 'nats';
import { PRODUCT_SEARCH_LIMIT, PRODUCTS_SUBJECTS, workspaceActor } from '@parley/contracts';
import { connectNats, loadConfig, ServiceClient } from '@parley/server-kit';
import { CatalogueClient } from '../src/catalogue/catalogue.client';
import { MessagingConfig } from '../src/config/messaging.config';

const TIMEOUT_MS = 300;

/**
 * The client on the real NATS server, with catalogue-service absent (no responder) or stuck (a subscriber that
 * never answers): either way the reply gets no products, at once or within CATALOGUE_TIMEOUT_MS, and one warning.
 */
describe('CatalogueClient', () => {
  let nc: NatsConnection;
  let prefix: string;
  let catalogue: CatalogueClient;
  const owner = randomUUID();

  beforeEach(async () => {
    prefix = `catalogue_client_${randomUUID().slice(0, 8)}.`;
    const config = loadConfig(MessagingConfig, {
      NATS_PREFIX: prefix,
      CATALOGUE_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    nc = await connectNats(config.NATS_URL, 'catalogue-client-test');
    catalogue = new CatalogueClient(new ServiceClient(nc, prefix, 5000), config);
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await nc.close();
  });

  async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
    const started = Date.now();
    const value = await run();
    return { value, ms: Date.now() - started };
  }

  it('answers no products at once when catalogue-service is down, and warns once for many failures', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    const first = await timed(() => catalogue.productsFor(owner, 'How much is the Aero 5 Kettle?', []));
    expect(first.value).toEqual([]);
    expect(first.ms).toBeLessThan(TIMEOUT_MS / 2);
    for (let i = 0; i < 20; i++) expect(await catalogue.productsFor(owner, 'kettle?', [])).toEqual([]);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toMatch(
      /product search failed 1 time.*catalogue service is unavailable.*without the catalogue/,
    );
  });

  it('asks as the owner, with the earlier messages newest first, and gives up after CATALOGUE_TIMEOUT_MS', async () => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const asked: unknown[] = [];
    nc.subscribe(`${prefix}${PRODUCTS_SUBJECTS.search}`, {
      callback: (_error, msg) => asked.push(JSONCodec().decode(msg.data)),
    });
    const history = ['one', 'two', 'three', 'four', 'five', 'six'].map((content, i) => ({
      direction: i % 2 === 0 ? ('incoming' as const) : ('outgoing' as const),
      content,
    }));

    const { value, ms } = await timed(() => catalogue.productsFor(owner, 'How much is it?', history));

    expect(value).toEqual([]);
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 5);
    expect(ms).toBeLessThan(TIMEOUT_MS + 500);
    expect(asked).toEqual([
      expect.objectContaining({
        pattern: PRODUCTS_SUBJECTS.search,
        data: {
          actor: workspaceActor(owner),
          data: {
            text: 'How much is it?',
            earlier: ['six', 'five', 'four', 'three'],
            limit: PRODUCT_SEARCH_LIMIT,
          },
        },
      }),
    ]);
  });
});
