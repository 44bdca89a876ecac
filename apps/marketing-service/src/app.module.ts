import { BullModule } from '@nestjs/bull';
import { type DynamicModule, Module } from '@nestjs/common';
import {
  Clock,
  OwnerEvents,
  REDIS,
  ServiceConfig,
  ServiceKitModule,
  SystemClock,
  UploadStore,
} from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { CampaignsController } from './campaigns/campaigns.controller';
import { CampaignsQueries } from './campaigns/campaigns.queries';
import { CampaignsService } from './campaigns/campaigns.service';
import type { MarketingConfig } from './config/marketing.config';
import { Senders } from './content/senders';
import { CampaignMailer } from './mail/mailer';
import { OwnerSendRate } from './mail/owner-send-rate';
import { migrations } from './migrations';
import { CampaignProgress } from './sending/campaign-progress';
import { CampaignSendingService } from './sending/campaign-sending.service';
import { EmailDeliveryProcessor } from './sending/email-delivery.processor';
import { CAMPAIGN_START_QUEUE, EMAIL_BATCH_QUEUE, EMAIL_DELIVERY_QUEUE, EmailQueues } from './sending/email-queues';
import { SendingQueries } from './sending/sending.queries';
import { SendingReconciler } from './sending/sending.reconciler';
import { ThreadCopies } from './sending/thread-copies';
import { EmailSequencesController } from './sequences/email-sequences.controller';
import { EmailSequencesQueries } from './sequences/email-sequences.queries';
import { EmailSequencesService } from './sequences/email-sequences.service';
import { CustomerEventTriggers } from './sequences/customer-event-triggers';
import { SequenceRunner } from './sequences/sequence-runner';
import { SequenceRunnerQueries } from './sequences/sequence-runner.queries';
import { SubscriberImportService } from './subscribers/import/subscriber-import.service';
import { SubscribersController } from './subscribers/subscribers.controller';
import { SubscribersQueries } from './subscribers/subscribers.queries';
import { SubscribersService } from './subscribers/subscribers.service';
import { EmailTrackingController } from './tracking/email-tracking.controller';
import { EmailTrackingQueries } from './tracking/email-tracking.queries';
import { EmailTrackingService } from './tracking/email-tracking.service';
import { EmailTemplatesController } from './templates/email-templates.controller';
import { EmailTemplatesQueries } from './templates/email-templates.queries';
import { EmailTemplatesService } from './templates/email-templates.service';

@Module({})
export class MarketingServiceModule {}

/**
 * Email marketing (docs/email.md): templates, campaigns, subscribers, sending, tracking, sequences; raw SQL,
 * no ORM entities. Sequences' delays are counted on `clock` (the tests move their own).
 */
export function marketingServiceModule(
  config: MarketingConfig,
  clock: Clock = new SystemClock(),
): DynamicModule {
  return {
    module: MarketingServiceModule,
    imports: [
      ServiceKitModule.forRoot({ service: 'marketing-service', config, orm: { entities: [], migrations } }),
      BullModule.registerQueue({ name: EMAIL_DELIVERY_QUEUE }, { name: EMAIL_BATCH_QUEUE }, { name: CAMPAIGN_START_QUEUE }),
    ],
    controllers: [
      EmailTemplatesController,
      CampaignsController,
      SubscribersController,
      EmailTrackingController,
      EmailSequencesController,
    ],
    providers: [
      EmailTemplatesQueries,
      EmailTemplatesService,
      CampaignsQueries,
      CampaignsService,
      SubscribersQueries,
      SubscribersService,
      SubscriberImportService,
      {
        provide: UploadStore,
        useFactory: (redis: Redis, serviceConfig: ServiceConfig) =>
          new UploadStore(redis, serviceConfig.REDIS_PREFIX),
        inject: [REDIS, ServiceConfig],
      },
      CampaignMailer,
      Senders,
      OwnerSendRate,
      EmailQueues,
      SendingQueries,
      CampaignSendingService,
      EmailDeliveryProcessor,
      SendingReconciler,
      ThreadCopies,
      OwnerEvents,
      CampaignProgress,
      EmailTrackingQueries,
      EmailTrackingService,
      { provide: Clock, useValue: clock },
      EmailSequencesQueries,
      EmailSequencesService,
      SequenceRunnerQueries,
      SequenceRunner,
      CustomerEventTriggers,
    ],
  };
}
