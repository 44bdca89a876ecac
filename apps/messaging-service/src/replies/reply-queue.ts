import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { OwnerRounds } from '@parley/server-kit';
import type { Queue } from 'bull';
import { MessagingConfig } from '../config/messaging.config';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const REPLY_QUEUE = 'agent-replies';

export interface ReplyJob {
  messageId: string;
  ownerId: string;
}

/** How long scheduling a reply may wait for Redis before it is left to the reconciler. */
const SCHEDULE_TIMEOUT_MS = 1000;

/** Retries back off exponentially from 1 s, or wait as long as the provider's Retry-After asked. */
export function replyBackoff(attemptsMade: number, error: Error & { retryAfterMs?: number }): number {
  return error.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** (attemptsMade - 1));
}

@Injectable()
export class ReplyQueue {
  /** Owners take turns: a flood of one owner's messages does not hold back another's replies. */
  private readonly rounds: OwnerRounds;

  constructor(
    @InjectQueue(REPLY_QUEUE) readonly queue: Queue<ReplyJob>,
    private readonly config: MessagingConfig,
  ) {
    this.rounds = new OwnerRounds(queue);
  }

  /**
   * One job per message (the job id is the message id), so scheduling twice still replies once. Fails
   * after SCHEDULE_TIMEOUT_MS while Redis is away (Bull's own client would queue the command until Redis
   * is back, and the customer's request with it): the message is stored, and the reconciler schedules
   * it later. A command Bull sends once Redis returns finds the same job id, so nothing doubles.
   */
  async schedule(job: ReplyJob, delayMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis did not take the job in time')), SCHEDULE_TIMEOUT_MS);
    });
    const add = async () =>
      this.queue.add(job, {
        jobId: job.messageId,
        priority: await this.rounds.priorityFor(job.ownerId),
        delay: delayMs,
        attempts: this.config.AGENT_ATTEMPTS,
        backoff: { type: 'agent' },
        removeOnComplete: true,
        removeOnFail: 1000,
      });
    try {
      await Promise.race([add(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Whether the message has a job that will still run. A failed job of a message that is still pending
   * (its attempts were spent on an outage, see ReplyProcessor.giveUp) is removed, so that the reconciler
   * can schedule the message again under the same job id.
   */
  async hasLiveJob(messageId: string): Promise<boolean> {
    const job = await this.queue.getJob(messageId);
    if (job === null) return false;
    if (!(await job.isFailed())) return true;
    await job.remove();
    return false;
  }
}
