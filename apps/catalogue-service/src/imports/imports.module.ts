import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { OwnerEvents, OwnerReadBudget, REDIS, ServiceConfig, UploadStore } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { CATALOGUE_IMPORT_QUEUE, CatalogueImportQueue } from './catalogue-import.queue';
import { CatalogueImportProcessor } from './catalogue-import.processor';
import { ImportsController } from './imports.controller';
import { ImportsQueries } from './imports.queries';
import { ImportsService } from './imports.service';

/** Catalogue uploads: PDF and Excel price lists imported into the owner's products (docs/catalogue.md). */
@Module({
  imports: [BullModule.registerQueue({ name: CATALOGUE_IMPORT_QUEUE })],
  controllers: [ImportsController],
  providers: [
    ImportsService,
    CatalogueImportQueue,
    CatalogueImportProcessor,
    ImportsQueries,
    OwnerEvents,
    {
      provide: UploadStore,
      useFactory: (redis: Redis, config: ServiceConfig) => new UploadStore(redis, config.REDIS_PREFIX),
      inject: [REDIS, ServiceConfig],
    },
    {
      provide: OwnerReadBudget,
      useFactory: (redis: Redis, config: ServiceConfig) => new OwnerReadBudget(redis, config.REDIS_PREFIX),
      inject: [REDIS, ServiceConfig],
    },
  ],
})
export class ImportsModule {}
