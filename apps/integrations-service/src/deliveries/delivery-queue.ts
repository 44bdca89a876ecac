import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bull';
import { IntegrationsConfig } from '../config/integrations.config';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name. Named `meta-deliveries` before the channel seam: a delivery whose job a previous
 * version left there is still `queued` in deliveries, and the reconciler gives it a job here.
 */
export const DELIVERY_QUEUE = 'channel-deliveries';

/** The name of deliveryBackoff among the queue's backoff strategies (stored in each job's options). */
export const DELIVERY_BACKOFF = 'channel';

/** One outgoing message to send (the message itself is the `deliveries` row). */
export interface DeliveryJob {
  messageId: string;
}

/** Retries wait as long as the provider asked (ChannelApiError.retryAfterMs, from Retry-After), else back off exponentially from 1 s up to a minute. */
export function deliveryBackoff(attemptsMade: number, error: Error & { retryAfterMs?: number }): number {
  return error.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** (attemptsMade - 1));
}

@Injectable()
export class DeliveryQueue {
  constructor(
    @InjectQueue(DELIVERY_QUEUE) readonly queue: Queue<DeliveryJob>,
    private readonly config: IntegrationsConfig,
  ) {}

  /**
   * One job per message (the job id is the message id): adding one that is waiting, delayed or running
   * adds nothing. Many go to Redis in one round trip.
   */
  async add(messageIds: readonly string[]): Promise<void> {
    await this.queue.addBulk(
      messageIds.map((messageId) => ({
        data: { messageId },
        opts: {
          jobId: messageId,
          attempts: this.config.DELIVERY_ATTEMPTS,
          backoff: { type: DELIVERY_BACKOFF },
          removeOnComplete: true,
          removeOnFail: 1000,
        },
      })),
    );
  }

  /**
   * Whether the message has a job that will still run. A job that failed for good is removed here: the
   * message is still queued only because marking it failed did not happen (the database was down).
   */
  async hasLiveJob(messageId: string): Promise<boolean> {
    const job = await this.queue.getJob(messageId);
    if (job === null) return false;
    if (!(await job.isFailed())) return true;
    await job.remove();
    return false;
  }
}
