import { Injectable } from '@nestjs/common';
import { Clock, Reconciler } from '@parley/server-kit';
import { MarketingConfig } from '../config/marketing.config';
import { EmailQueues } from '../sending/email-queues';
import { type QueuedStep, SequenceRunnerQueries } from './sequence-runner.queries';

/** Enrolments taken per transaction, and transactions per pass (the rest wait for the next pass). */
const BATCH = 500;
const BATCHES_PER_PASS = 20;

/**
 * Moves subscribers through their sequences (docs/email.md, "Sequences"): every EMAIL_SEQUENCE_TICK_MS,
 * on every replica, the due steps become deliveries and are queued for the delivery processor, which
 * sends them once like a campaign's. Time is the injected Clock's, so the tests move it instead of
 * waiting days. Pending sequence mails whose jobs Redis lost are queued again.
 */
@Injectable()
export class SequenceRunner extends Reconciler {
  protected readonly intervalMs: number;

  constructor(
    private readonly queries: SequenceRunnerQueries,
    private readonly queues: EmailQueues,
    private readonly clock: Clock,
    config: MarketingConfig,
  ) {
    super();
    this.intervalMs = config.EMAIL_SEQUENCE_TICK_MS;
  }

  protected async reconcile(): Promise<number> {
    let queued = 0;
    for (let batch = 0; batch < BATCHES_PER_PASS; batch++) {
      const steps = await this.queries.takeDue(this.clock.now(), BATCH);
      await this.queue(steps);
      queued += steps.length;
      if (steps.length < BATCH) break;
    }
    await this.queue(await this.queries.pending(BATCH * BATCHES_PER_PASS));
    return queued;
  }

  private async queue(steps: readonly QueuedStep[]): Promise<void> {
    const byOwner = new Map<string, string[]>();
    for (const { ownerId, deliveryId } of steps)
      byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), deliveryId]);
    for (const [ownerId, deliveryIds] of byOwner) await this.queues.deliver(ownerId, deliveryIds);
  }
}
