import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
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

/** Retries back off exponentially from 1 s, or wait as long as the provider's Retry-After asked. */
export function replyBackoff(attemptsMade: number, error: Error & { retryAfterMs?: number }): number {
  return error.retryAfterMs ?? Math.min(60_000, 1000 * 2 ** (attemptsMade - 1));
}

@Injectable()
export class ReplyQueue {
  constructor(
    @InjectQueue(REPLY_QUEUE) readonly queue: Queue<ReplyJob>,
    private readonly config: MessagingConfig,
  ) {}

  /** One job per message (the job id is the message id), so scheduling twice still replies once. */
  async schedule(job: ReplyJob, delayMs: number): Promise<void> {
    await this.queue.add(job, {
      jobId: job.messageId,
      delay: delayMs,
      attempts: this.config.AGENT_ATTEMPTS,
      backoff: { type: 'agent' },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }

  async has(messageId: string): Promise<boolean> {
    return (await this.queue.getJob(messageId)) !== null;
  }
}
