import { Injectable } from '@nestjs/common';
import { Reconciler } from '@parley/server-kit';
import { MessagingConfig } from '../config/messaging.config';
import { DeliveriesClient } from './deliveries.client';
import { deliveryRequest } from './delivery-request';
import { OutboundQueries } from './outbound.queries';

const BATCH = 500;

/** integrations-service reports a message sent within seconds; one still queued after this may never have reached it. */
const GRACE_SECONDS = 30;

/**
 * Hands over again outgoing messages still `queued` well after they were stored: the hand-over failed
 * (integrations-service down), or was lost. Safe to repeat and to run on every replica at once:
 * integrations-service takes each message once (by its id) and reports where it stands.
 */
@Injectable()
export class OutboundReconciler extends Reconciler<[graceSeconds?: number, limit?: number]> {
  constructor(
    private readonly queries: OutboundQueries,
    private readonly deliveries: DeliveriesClient,
    private readonly config: MessagingConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.RECONCILE_INTERVAL_MS;
  }

  /** Returns how many messages were handed over again. */
  protected async reconcile(graceSeconds = GRACE_SECONDS, limit = BATCH): Promise<number> {
    let handed = 0;
    for (const message of await this.queries.queued(graceSeconds, limit)) {
      const request = deliveryRequest(
        message.id,
        message,
        message.content,
        message.writtenBy,
        message.template ?? undefined,
      );
      if (request && (await this.deliveries.handOver(message.ownerId, request))) handed++;
    }
    if (handed > 0) this.logger.log(`handed ${handed} queued outgoing message(s) over again`);
    return handed;
  }
}
