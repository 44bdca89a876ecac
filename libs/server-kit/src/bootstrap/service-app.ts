import 'reflect-metadata';
import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { ServiceName } from '@parley/contracts';
import type { Redis } from 'ioredis';
import type { ServiceConfig } from '../config/base.config';
import { migrate } from '../database/migrate';
import { checkWithin } from '../health/with-timeout';
import { JsonLogger } from '../logging/json-logger';
import { checkNatsPatches } from '../nats/nats-connection';
import { ParleyNatsServer } from '../nats/parley-nats.server';
import { REDIS } from '../tokens';

export interface ServiceApp {
  app: INestMicroservice;
  server: ParleyNatsServer;
  /** Connection checks for the readiness probe. */
  ready(): Promise<Record<string, boolean>>;
}

/**
 * Creates a service: Nest on Parley's NATS transport (queue group = service name), migrates its schema
 * under a lock, then starts listening. Used by main.ts and by integration tests alike.
 */
export async function createServiceApp(service: ServiceName, module: DynamicModule, config: ServiceConfig) {
  // Before anything connects: a dependency whose patched internals moved stops start-up here
  // (libs/server-kit/src/patches/patches.ts). ParleyNatsServer's constructor checks Nest's ServerNats.
  checkNatsPatches();
  const logger = new JsonLogger(service, config.LOG_LEVEL);
  const server = new ParleyNatsServer({
    servers: config.NATS_URL.split(','),
    queue: service,
    prefix: config.NATS_PREFIX,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    name: service,
  });
  const app = await NestFactory.createMicroservice(module, { strategy: server, logger, abortOnError: false });
  const orm = app.get<MikroORM<PostgreSqlDriver>>(MikroORM);
  await migrate(orm, service, logger);
  await app.listen();
  const redis = app.get<Redis>(REDIS);
  const ready = async () => ({
    postgres: await checkWithin(1000, async () => {
      if (!(await orm.isConnected())) throw new Error('down');
    }),
    redis: await checkWithin(1000, () => redis.ping()),
    nats: server.isConnected(),
  });
  return { app, server, ready } satisfies ServiceApp;
}
