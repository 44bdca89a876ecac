import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { MarketingConfig } from '../config/marketing.config';

/**
 * Queue names and payloads are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const EMAIL_DELIVERY_QUEUE = 'email-deliveries';

/** One recipient's mail of a campaign (the `email_deliveries` row says which and how it went). */
export interface EmailDeliveryJob {
  deliveryId: string;
  ownerId: string;
}

export const CAMPAIGN_START_QUEUE = 'email-campaign-starts';

/** A scheduled campaign to start at its time (the row's scheduled_at decides; a stale job does nothing). */
export interface CampaignStartJob {
  campaignId: string;
  ownerId: string;
}

/** Tries of a mail the server refuses for now (4xx): the last refusal marks the delivery failed. */
export const EMAIL_SEND_ATTEMPTS = 5;

/** How many jobs go to Redis in one round trip. */
const BULK = 1000;

@Injectable()
export class EmailQueues {
  constructor(
    @InjectQueue(EMAIL_DELIVERY_QUEUE) readonly deliveries: Queue<EmailDeliveryJob>,
    @InjectQueue(CAMPAIGN_START_QUEUE) readonly starts: Queue<CampaignStartJob>,
    private readonly config: MarketingConfig,
  ) {}

  /**
   * One job per delivery (the job id is the delivery id: adding one that is waiting, delayed or running
   * adds nothing). `delayMs` puts them off, with job ids of their own (the running job keeps its id).
   */
  async deliver(ownerId: string, deliveryIds: readonly string[], delayMs = 0): Promise<void> {
    for (let i = 0; i < deliveryIds.length; i += BULK) {
      await this.deliveries.addBulk(
        deliveryIds.slice(i, i + BULK).map((deliveryId) => ({
          data: { deliveryId, ownerId },
          opts: {
            jobId: delayMs > 0 ? `${deliveryId}:${Date.now() + delayMs}` : deliveryId,
            delay: delayMs,
            attempts: EMAIL_SEND_ATTEMPTS,
            backoff: { type: 'exponential', delay: this.config.EMAIL_RETRY_DELAY_MS },
            removeOnComplete: true,
            removeOnFail: 1000,
          },
        })),
      );
    }
  }

  /** Starts the campaign at `at` (one job per campaign and time: a new schedule adds another). */
  async startAt(ownerId: string, campaignId: string, at: Date): Promise<void> {
    await this.starts.add(
      { campaignId, ownerId },
      {
        jobId: `${campaignId}:${at.getTime()}`,
        delay: Math.max(0, at.getTime() - Date.now()),
        attempts: 5,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }
}
