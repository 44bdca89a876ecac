import { randomUUID } from 'node:crypto';
import { PRODUCTS_SUBJECTS, type ProductImportResponse, workspaceActor } from '@parley/contracts';
import {
  connectNats,
  createRedis,
  createServiceApp,
  loadConfig,
  ServiceClient,
  ServiceConfig,
  type ServiceApp,
  UploadStore,
} from '@parley/server-kit';
import { createTestInfra, spreadsheet, type TestInfra, XLSX_TYPE } from '@parley/server-kit/testing';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { catalogueServiceModule } from '../src/app.module';
import { CatalogueImportQueue } from '../src/imports/catalogue-import.queue';

const HEADER = ['Name', 'Description', 'Price', 'Category', 'Features', 'In stock'];

/** A catalogue of `count` products, as an owner's spreadsheet has them. */
function catalogue(count: number): Buffer {
  const rows = Array.from({ length: count }, (_, i) => [
    `Product ${i}`,
    `A well-made product, number ${i}, for every day`,
    `$${(10 + (i % 500) / 4).toFixed(2)}`,
    `Category ${i % 25}`,
    'Handmade, Gift box',
    'yes',
  ]);
  return spreadsheet([HEADER, ...rows]);
}

/**
 * One owner's flood of catalogue imports delays only that owner: another owner's small import is answered
 * while most of the flood still waits. catalogue-service alone on its own database, NATS and Redis prefixes.
 */
describe('fair turns for owners in the catalogue import queue', () => {
  let infra: TestInfra;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let redis: Redis;
  let uploads: UploadStore;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(ServiceConfig, infra.env);
    service = await createServiceApp('catalogue-service', catalogueServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'import-fairness-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 120_000);
    redis = createRedis(config.REDIS_URL);
    uploads = new UploadStore(redis, config.REDIS_PREFIX);
  });

  afterAll(async () => {
    redis?.disconnect();
    await nc?.drain();
    await service?.app.close();
    await infra?.cleanup();
  });

  const importFile = async (owner: string, bytes: Buffer) =>
    client.send<ProductImportResponse>(
      PRODUCTS_SUBJECTS.import,
      { uploadKey: await uploads.put(owner, bytes), fileName: 'catalogue.xlsx', mediaType: XLSX_TYPE },
      { actor: workspaceActor(owner) },
    );

  /** How long a one-product import of `owner` takes to be answered, in ms. */
  const smallImportLatency = async (owner: string) => {
    const started = Date.now();
    const { created, updated } = await importFile(owner, catalogue(1));
    expect(created + updated).toBe(1);
    return Date.now() - started;
  };

  it('answers another owner’s small import while most of one owner’s flood still waits', async () => {
    const flooder = randomUUID();
    const other = randomUUID();
    const quiet = await smallImportLatency(other);

    const FLOOD = 20;
    const big = catalogue(200);
    let flooderDone = 0;
    const flood = Array.from({ length: FLOOD }, () => importFile(flooder, big).then(() => flooderDone++));
    // Once the flood is queued (the first of it running), the other owner imports one product.
    const queue = service.app.get(CatalogueImportQueue, { strict: false }).queue;
    while (flooderDone === 0 && (await queue.getWaitingCount()) < FLOOD - 4)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const busy = await smallImportLatency(other);
    const flooderLeft = FLOOD - flooderDone;
    expect(flooderLeft).toBeGreaterThan(FLOOD / 2);
    // Answered once the imports running when it came were done (one flood import takes a fraction of a second).
    expect(busy).toBeLessThan(quiet + 3000);
    await Promise.all(flood);
  }, 120_000);
});
