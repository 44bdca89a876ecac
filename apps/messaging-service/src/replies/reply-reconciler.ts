import { Injectable } from '@nestjs/common';
import { USAGE_SUBJECTS, type UsageResponse, workspaceActor } from '@parley/contracts';
import { Reconciler, ServiceClient } from '@parley/server-kit';
import { DEFAULT_AI_CONFIG } from '../ai-config/ai-config.mapper';
import { MessagingConfig } from '../config/messaging.config';
import { RepliesQueries } from './replies.queries';
import { type ReplyJob, ReplyQueue } from './reply-queue';

const BATCH = 500;
/**
 * How long past its due time a pending message waits before the reconciler looks for its job (one Redis
 * read per message and run): a live job answers well within it.
 */
export const OVERDUE_GRACE_SECONDS = 60;
/** Owners waiting for their allowance whose meter one run asks billing about. */
const WAITING_OWNERS = 100;

/**
 * Re-queues inbound messages still pending well after their reply was due whose job is gone (Redis
 * restarted, or the queue was down when they arrived) or failed without marking them (its attempts
 * spent on an outage). Safe to run on every replica at once: the job
 * id is the message id, and the processor replies only to a message that is still pending.
 */
@Injectable()
export class ReplyReconciler extends Reconciler<[graceSeconds?: number, limit?: number]> {
  constructor(
    private readonly queries: RepliesQueries,
    private readonly replies: ReplyQueue,
    private readonly config: MessagingConfig,
    private readonly services: ServiceClient,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.RECONCILE_INTERVAL_MS;
  }

  /**
   * Returns how many messages were re-queued. Owners take turns: every owner's oldest overdue message
   * first, then every owner's second oldest, and so on, so that an owner whose messages stay pending
   * (one at the API-call limit) cannot fill every run and starve the others. The price: a run reads
   * all overdue pending messages, not only the oldest `limit`.
   */
  protected async reconcile(graceSeconds = OVERDUE_GRACE_SECONDS, limit = BATCH): Promise<number> {
    const released = await this.releaseAllowanceWaits();
    const releasedIds = new Set(released.map((job) => job.messageId));
    const overdue = [
      ...released,
      ...(await this.queries.overdue(graceSeconds, limit, DEFAULT_AI_CONFIG)).filter(
        (job) => !releasedIds.has(job.messageId),
      ),
    ];
    let requeued = 0;
    for (const job of overdue) {
      if (await this.replies.hasLiveJob(job.messageId)) continue;
      await this.replies.schedule(job, 0);
      requeued++;
    }
    if (requeued > 0)
      this.logger.warn(`re-queued ${requeued} pending message(s) whose reply job was missing or failed`);
    return requeued;
  }

  /**
   * Messages that waited for their owner's allowance (the AI had no calls left), of owners who have calls
   * again (a refill, a new plan or a new period): one question to billing per waiting owner and run, and
   * each message scheduled once.
   */
  private async releaseAllowanceWaits(): Promise<ReplyJob[]> {
    const released: ReplyJob[] = [];
    for (const ownerId of await this.queries.ownersWaitingForAllowance(WAITING_OWNERS)) {
      const usage = await this.services.send<UsageResponse>(USAGE_SUBJECTS.get, {}, { actor: workspaceActor(ownerId) });
      if (usage.remaining !== 0) released.push(...(await this.queries.releaseAllowanceWaits(ownerId)));
    }
    return released;
  }
}
