import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { HEALTH_CHECK_QUEUE, HealthCheckQueue } from './health-check-queue';
import { HealthCheckProcessor } from './health-check.processor';

/**
 * The periodic check of every connected channel against its provider (docs/channels.md, "Health"), as one
 * Bull repeatable job every CHANNEL_HEALTH_INTERVAL_MS. What the events themselves change (webhooks in,
 * sends out) is recorded by ChannelHealth, beside the channels.
 */
@Module({
  imports: [BullModule.registerQueue({ name: HEALTH_CHECK_QUEUE })],
  providers: [HealthCheckQueue, HealthCheckProcessor],
})
export class HealthChecksModule {}
