import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { Language } from '@parley/contracts';
import type { Queue } from 'bull';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const RESET_MAIL_QUEUE = 'password-reset-mails';

/** One forgot-password request. The address may have no account: the job then sends nothing. */
export interface ResetMailJob {
  email: string;
  language: Language;
}

@Injectable()
export class ResetMailQueue {
  constructor(@InjectQueue(RESET_MAIL_QUEUE) readonly queue: Queue<ResetMailJob>) {}

  /** A failed send is retried three times, 1 s, 2 s and 4 s later; each try mails a fresh link. */
  async schedule(job: ResetMailJob): Promise<void> {
    await this.queue.add(job, {
      attempts: 4,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: true,
      removeOnFail: 1000,
    });
  }
}
