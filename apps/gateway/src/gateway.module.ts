import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { connectNats, createRedis, NATS_CONNECTION, REDIS, ServiceClient, UploadStore } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import type { NatsConnection } from 'nats';
import type { Pool } from 'pg';
import { AuthController } from './auth/auth.controller';
import { BillingController } from './billing/billing.controller';
import { CatalogueController } from './catalogue/catalogue.controller';
import { CatalogueUploadController } from './catalogue/catalogue-upload.controller';
import { SessionGuard, SessionStrategy } from './auth/session.guard';
import { RateLimiter } from './auth/rate-limiter';
import { SessionResolver } from './auth/session-resolver';
import { AuditController } from './auth/audit.controller';
import { InvitationsController, TeamController } from './auth/team.controller';
import { GatewayConfig } from './config/gateway.config';
import { HealthController } from './health/health.controller';
import { HealthService } from './health/health.service';
import { createHealthPool, PG_POOL } from './health/pg-pool';
import { IntegrationsController } from './integrations/integrations.controller';
import { EmailController } from './marketing/email.controller';
import { SubscriberImportController } from './marketing/subscriber-import.controller';
import { MessagingController } from './messaging/messaging.controller';
import { StageHistoryController } from './messaging/stage-history.controller';
import { ReportsController } from './messaging/reports.controller';
import { TrainingDocumentsController } from './messaging/training-documents.controller';
import { RealtimeHub } from './realtime/realtime.hub';

@Module({})
export class GatewayModule implements OnApplicationShutdown {
  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PG_POOL) private readonly pg: Pool,
  ) {}

  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayModule,
      global: true,
      controllers: [
        HealthController,
        AuthController,
        MessagingController,
        StageHistoryController,
        ReportsController,
        BillingController,
        CatalogueController,
        CatalogueUploadController,
        SubscriberImportController,
        TrainingDocumentsController,
        IntegrationsController,
        EmailController,
        TeamController,
        InvitationsController,
        AuditController,
      ],
      providers: [
        { provide: GatewayConfig, useValue: config },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(config.NATS_URL, 'gateway') },
        {
          provide: ServiceClient,
          useFactory: (nc: NatsConnection) =>
            new ServiceClient(nc, config.NATS_PREFIX, config.RPC_TIMEOUT_MS),
          inject: [NATS_CONNECTION],
        },
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL) },
        // Where the upload routes leave a checked file for the service that reads it.
        {
          provide: UploadStore,
          useFactory: (redis: Redis) => new UploadStore(redis, config.REDIS_PREFIX),
          inject: [REDIS],
        },
        { provide: PG_POOL, useFactory: () => createHealthPool(config.DATABASE_URL) },
        HealthService,
        RateLimiter,
        SessionResolver,
        SessionStrategy,
        SessionGuard,
        RealtimeHub,
      ],
      exports: [GatewayConfig, ServiceClient, REDIS, NATS_CONNECTION, SessionResolver],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.nats.isClosed()) await this.nats.drain();
    if (this.redis.status !== 'end') await this.redis.quit();
    await this.pg.end();
  }
}
