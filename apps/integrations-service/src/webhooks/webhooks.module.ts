import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { WEBHOOK_QUEUE, WebhookQueue } from './webhook-queue';
import { WebhookProcessor } from './webhook.processor';
import { WebhookReceiver } from './webhook-receiver';
import { WebhookReconciler } from './webhook-reconciler';
import { WebhooksController } from './webhooks.controller';
import { WebhooksQueries } from './webhooks.queries';

/**
 * Every channel's webhooks in: verified and stored before they are acknowledged, then read by the
 * channel's adapter in a Bull job and turned into customer messages, echoes and delivery updates (see docs/channels.md, "Webhooks in").
 */
@Module({
  imports: [BullModule.registerQueue({ name: WEBHOOK_QUEUE })],
  controllers: [WebhooksController],
  providers: [WebhookReceiver, WebhookQueue, WebhookProcessor, WebhookReconciler, WebhooksQueries],
})
export class WebhooksModule {}
