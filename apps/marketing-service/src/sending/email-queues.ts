import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { JobOptions, Queue } from 'bull';
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

export const EMAIL_BATCH_QUEUE = 'email-delivery-batches';

/**
 * A page of one owner's deliveries (a campaign's), sent together: claimed in one statement, sent over the
 * pool, stamped sent in one statement (docs/email.md, "Sending").
 */
export interface EmailBatchJob {
  deliveryIds: string[];
  ownerId: string;
}

/** Deliveries in a batch job: a page small enough to keep a few in flight, large enough to share the statements. */
export const EMAIL_BATCH_SIZE = 50;

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
    @InjectQueue(EMAIL_BATCH_QUEUE) readonly batches: Queue<EmailBatchJob>,
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
          opts: this.sendOptions(deliveryId, delayMs),
        })),
      );
    }
  }

  /**
   * The deliveries in batch jobs of EMAIL_BATCH_SIZE. A batch's job id is its first and last delivery id (so
   * queueing the same page again while it waits adds nothing); `delayMs` puts them off, with ids of their own.
   * A delivery in two batches (a page queued again with other bounds) is still sent once: only one claims it.
   */
  async deliverInBatches(ownerId: string, deliveryIds: readonly string[], delayMs = 0): Promise<void> {
    const jobs = [];
    for (let i = 0; i < deliveryIds.length; i += EMAIL_BATCH_SIZE) {
      const batch = deliveryIds.slice(i, i + EMAIL_BATCH_SIZE);
      const id = `${batch[0]}:${batch[batch.length - 1]}`;
      jobs.push({ data: { deliveryIds: batch, ownerId }, opts: this.sendOptions(id, delayMs) });
    }
    for (let i = 0; i < jobs.length; i += BULK) await this.batches.addBulk(jobs.slice(i, i + BULK));
  }

  /** A sending job's options: its id (another when put off by `delayMs`), tries and backoff. */
  private sendOptions(id: string, delayMs: number): JobOptions {
    return {
      jobId: delayMs > 0 ? `${id}:${Date.now() + delayMs}` : id,
      delay: delayMs,
      attempts: EMAIL_SEND_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.EMAIL_RETRY_DELAY_MS },
      removeOnComplete: true,
      removeOnFail: 1000,
    };
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
