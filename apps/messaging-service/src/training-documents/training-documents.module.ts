import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { OwnerEvents, OwnerReadBudget, REDIS, ServiceConfig, UploadStore } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { TRAINING_DOCUMENT_QUEUE, TrainingDocumentQueue } from './training-document.queue';
import { TrainingDocumentProcessor } from './training-document.processor';
import { TrainingDocumentReconciler } from './training-document-reconciler';
import { TrainingDocumentsController } from './training-documents.controller';
import { TrainingDocumentsQueries } from './training-documents.queries';
import { TrainingDocumentsService } from './training-documents.service';

/** Training documents: uploaded files turned into knowledge passages by a Bull job (docs/agent.md). */
@Module({
  imports: [BullModule.registerQueue({ name: TRAINING_DOCUMENT_QUEUE })],
  controllers: [TrainingDocumentsController],
  providers: [
    TrainingDocumentsService,
    TrainingDocumentsQueries,
    TrainingDocumentQueue,
    TrainingDocumentProcessor,
    TrainingDocumentReconciler,
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
export class TrainingDocumentsModule {}
