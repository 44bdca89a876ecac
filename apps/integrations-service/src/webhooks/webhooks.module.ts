import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { ProfileNames } from './profile-names';
import { WEBHOOK_QUEUE, WebhookQueue } from './webhook-queue';
import { WebhookProcessor } from './webhook.processor';
import { WebhookReceiver } from './webhook-receiver';
import { WebhookReconciler } from './webhook-reconciler';
import { WebhooksController } from './webhooks.controller';
import { WebhooksQueries } from './webhooks.queries';

/**
 * Meta's webhooks in: verified and stored before they are acknowledged, then turned by a Bull job into
 * customer messages, echoes and delivery updates (see docs/channels.md, "Webhooks in").
 */
@Module({
  imports: [BullModule.registerQueue({ name: WEBHOOK_QUEUE })],
  controllers: [WebhooksController],
  providers: [
    WebhookReceiver,
    WebhookQueue,
    WebhookProcessor,
    WebhookReconciler,
    WebhooksQueries,
    ProfileNames,
  ],
})
export class WebhooksModule {}
