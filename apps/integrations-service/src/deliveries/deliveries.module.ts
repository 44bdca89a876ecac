import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { DeliveriesController } from './deliveries.controller';
import { DeliveriesQueries } from './deliveries.queries';
import { DeliveriesService } from './deliveries.service';
import { DELIVERY_BACKOFF, DELIVERY_QUEUE, deliveryBackoff, DeliveryQueue } from './delivery-queue';
import { DeliveryProcessor } from './delivery.processor';
import { DeliveryReconciler } from './delivery-reconciler';

/**
 * Outgoing messages: handed over by messaging-service, stored, and sent by a Bull job through the
 * channel's send API within the platform's window (see docs/channels.md, "Deliveries out").
 */
@Module({
  imports: [
    BullModule.registerQueue({
      name: DELIVERY_QUEUE,
      settings: { backoffStrategies: { [DELIVERY_BACKOFF]: deliveryBackoff } },
    }),
  ],
  controllers: [DeliveriesController],
  providers: [DeliveriesQueries, DeliveriesService, DeliveryQueue, DeliveryProcessor, DeliveryReconciler],
})
export class DeliveriesModule {}
