import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { Batcher } from '@parley/server-kit';
import type { JobOptions, Queue } from 'bull';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name. Named `meta-webhook-events` before the channel seam: its jobs left there by a
 * previous version are not lost, as their events stay unprocessed in webhook_events and the reconciler
 * queues them here.
 */
export const WEBHOOK_QUEUE = 'channel-webhook-events';

/** Stored webhook bodies to process (the bodies themselves stay in webhook_events). */
export interface WebhookJob {
  eventIds: string[];
}

/**
 * 1 s, 2 s, 4 s … about four minutes in all (RETRY_SPAN_SECONDS). A job that still fails
 * (messaging-service down that long) is removed, and the reconciler queues its events again, so an event
 * is retried until it is processed.
 */
const JOB_OPTIONS: JobOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: true,
};

/** How long a job keeps retrying its events; an event unprocessed for longer has no job left. */
export const RETRY_SPAN_SECONDS = 300;

@Injectable()
export class WebhookQueue {
  constructor(@InjectQueue(WEBHOOK_QUEUE) readonly queue: Queue<WebhookJob>) {}

  /**
   * Events acknowledged at the same moment share one job, as their rows share one insert: under load a
   * job per event would spend more on Bull's own Redis traffic than on the events (Messenger sends an echo,
   * a delivery and a read for every message Parley sends).
   */
  private readonly adds = new Batcher<string, void>(async (eventIds) => {
    await this.add(eventIds);
    return eventIds.map(() => undefined);
  });

  /** Queues one event, with the others arriving at the same moment. */
  queueEvent(eventId: string): Promise<void> {
    return this.adds.call(eventId);
  }

  /** One job for `eventIds`. Queueing an event twice is harmless: the processor skips a processed one. */
  async add(eventIds: string[]): Promise<void> {
    await this.queue.add({ eventIds }, JOB_OPTIONS);
  }
}
