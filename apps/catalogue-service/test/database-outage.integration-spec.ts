import { randomUUID } from 'node:crypto';
import { DomainException, ErrorCode, type ProductResponse, PRODUCTS_SUBJECTS, workspaceActor } from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  ServiceConfig,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, startTcpProxy, type TcpProxy, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { catalogueServiceModule } from '../src/app.module';

/**
 * PostgreSQL going away under a running service: requests get a fast SERVICE_UNAVAILABLE (the gateway's
 * 503) instead of INTERNAL, the driver's complaints stay in the JSON log, and the service works again
 * once the database is back. The service reaches PostgreSQL through a proxy the test cuts.
 */
describe('catalogue-service while PostgreSQL is unreachable', () => {
  let infra: TestInfra;
  let proxy: TcpProxy;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  const owner = { actor: workspaceActor(randomUUID()) };
  const consoleLog = jest.spyOn(console, 'log');

  beforeAll(async () => {
    infra = await createTestInfra();
    const database = new URL(infra.env.DATABASE_URL);
    proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
    database.host = proxy.address;
    const config = loadConfig(ServiceConfig, { ...infra.env, DATABASE_URL: database.toString() });
    service = await createServiceApp('catalogue-service', catalogueServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'database-outage-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
  }, 30_000);

  afterAll(async () => {
    consoleLog.mockRestore();
    await nc?.drain();
    await service?.app.close();
    await proxy?.close();
    await infra?.cleanup();
  });

  const list = async () => {
    const answer = await client.sendRaw(PRODUCTS_SUBJECTS.list, {}, owner);
    return JSON.parse(Buffer.from(answer.body).toString('utf8')) as ProductResponse[];
  };

  it('answers SERVICE_UNAVAILABLE within a second while the database is cut, and serves again once it is back', async () => {
    await client.send(PRODUCTS_SUBJECTS.create, { name: 'Kettle', description: 'Boils.', price: 20, category: 'Kitchen' }, owner);
    expect(await list()).toHaveLength(1);

    await proxy.cut();
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const failure = await list().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DomainException);
      expect((failure as DomainException).code).toBe(ErrorCode.ServiceUnavailable);
      expect(Date.now() - started).toBeLessThan(1000);
    }

    await proxy.restore();
    expect(await list()).toHaveLength(1);
    // The driver's "Connection Error" lines went to the service's JSON log, not to stdout bare.
    expect(consoleLog.mock.calls.flat().join('\n')).not.toMatch(/Connection Error/);
  }, 30_000);
});
