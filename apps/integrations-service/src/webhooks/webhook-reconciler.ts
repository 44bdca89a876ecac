import { Injectable } from '@nestjs/common';
import { Reconciler } from '@parley/server-kit';
import { IntegrationsConfig } from '../config/integrations.config';
import { RETRY_SPAN_SECONDS, WebhookQueue } from './webhook-queue';
import { WebhooksQueries } from './webhooks.queries';

/**
 * Queues again the webhook events still unprocessed once their job's retries are over (Redis did not take
 * the job when the event was acknowledged, Redis restarted, or the job ran out of attempts while
 * messaging-service was down), and deletes events processed more than a week ago. Safe on every replica
 * at once: the processor skips an event already processed.
 */
@Injectable()
export class WebhookReconciler extends Reconciler<[graceSeconds?: number]> {
  constructor(
    private readonly queries: WebhooksQueries,
    private readonly webhooks: WebhookQueue,
    private readonly config: IntegrationsConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.RECONCILE_INTERVAL_MS;
  }

  /** Returns how many events were queued again. */
  protected async reconcile(graceSeconds = RETRY_SPAN_SECONDS): Promise<number> {
    const stuck = await this.queries.unprocessed(graceSeconds);
    for (let i = 0; i < stuck.length; i += 100) await this.webhooks.add(stuck.slice(i, i + 100));
    const requeued = stuck.length;
    if (requeued > 0) this.logger.warn(`re-queued ${requeued} webhook event(s) whose job was missing`);
    await this.queries.purgeProcessed();
    return requeued;
  }
}
