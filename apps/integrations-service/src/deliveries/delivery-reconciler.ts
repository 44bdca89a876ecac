import { Injectable } from '@nestjs/common';
import { Reconciler } from '@parley/server-kit';
import { IntegrationsConfig } from '../config/integrations.config';
import { DeliveriesQueries } from './deliveries.queries';
import { DeliveryQueue } from './delivery-queue';

const BATCH = 500;

/** A delivery's job runs within seconds of its hand-over; one still queued after this may have lost it. */
const GRACE_SECONDS = 30;

/**
 * Queues again the deliveries still queued whose job is gone (Redis did not take it, Redis restarted, or
 * its last attempt failed while the database was down). Safe on every replica at once: the job id is the
 * message id, and the processor sends only a delivery that is still queued.
 */
@Injectable()
export class DeliveryReconciler extends Reconciler<[graceSeconds?: number, limit?: number]> {
  constructor(
    private readonly queries: DeliveriesQueries,
    private readonly deliveries: DeliveryQueue,
    private readonly config: IntegrationsConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.RECONCILE_INTERVAL_MS;
  }

  /** Returns how many deliveries were queued again. */
  protected async reconcile(graceSeconds = GRACE_SECONDS, limit = BATCH): Promise<number> {
    const lost: string[] = [];
    for (const messageId of await this.queries.queued(graceSeconds, limit))
      if (!(await this.deliveries.hasLiveJob(messageId))) lost.push(messageId);
    if (lost.length > 0) {
      await this.deliveries.add(lost);
      this.logger.warn(`re-queued ${lost.length} delivery(ies) whose job was missing`);
    }
    return lost.length;
  }
}
