import { BullModule } from '@nestjs/bull';
import { type DynamicModule, Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { ServiceName } from '@parley/contracts';
import { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import { ServiceConfig } from './config/base.config';
import { ormOptions, type OrmSetup } from './database/orm-options';
import { healthController } from './health/health.controller';
import { connectNats } from './nats/nats-connection';
import { ServiceClient } from './nats/service-client';
import { RpcErrorFilter } from './rpc/rpc-error.filter';
import { createRedis } from './redis';
import { NATS_CONNECTION, REDIS } from './tokens';

export interface ServiceKitOptions {
  service: ServiceName;
  /** The service's loaded configuration (a ServiceConfig or a subclass; both resolve to it). */
  config: ServiceConfig;
  orm: OrmSetup;
}

/**
 * Everything a service shares with the others: its config, MikroORM on its own schema, Bull on Redis,
 * a Redis client, a NATS client for calling other services, the health subject and the RPC error filter.
 */
@Global()
@Module({})
export class ServiceKitModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  static forRoot({ service, config, orm }: ServiceKitOptions): DynamicModule {
    const configClass = config.constructor as typeof ServiceConfig;
    return {
      module: ServiceKitModule,
      imports: [
        MikroOrmModule.forRoot({ ...ormOptions(service, config, orm), registerRequestContext: false }),
        BullModule.forRoot({ redis: config.REDIS_URL, prefix: `${config.REDIS_PREFIX}:bull` }),
      ],
      controllers: [healthController(service)],
      providers: [
        { provide: ServiceConfig, useValue: config },
        ...(configClass === ServiceConfig ? [] : [{ provide: configClass, useValue: config }]),
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL) },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, `${service}-client`) },
        {
          provide: ServiceClient,
          useFactory: (nc: NatsConnection) =>
            new ServiceClient(nc, config.NATS_PREFIX, config.RPC_TIMEOUT_MS),
          inject: [NATS_CONNECTION],
        },
        { provide: APP_FILTER, useClass: RpcErrorFilter },
      ],
      exports: [
        ServiceConfig,
        ...(configClass === ServiceConfig ? [] : [configClass]),
        REDIS,
        NATS_CONNECTION,
        ServiceClient,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nats.isClosed()) await this.nats.drain();
    if (this.redis.status !== 'end') await this.redis.quit();
  }
}
