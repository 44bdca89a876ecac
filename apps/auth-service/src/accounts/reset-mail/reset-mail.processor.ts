import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import type { Job } from 'bull';
import { AccountsService } from '../accounts.service';
import { type ResetMailJob, ResetMailQueue } from './reset-mail-queue';

/** Jobs run at once by each replica: a send mostly waits on the SMTP server, not on this process. */
const CONCURRENCY = 4;

/**
 * Sends the password-reset mails that forgot-password queued. The lookup, the token and the mail all
 * happen here, after the answer, so an address with an account costs the request what one without
 * does.
 */
@Injectable()
export class ResetMailProcessor implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly orm: MikroORM,
    private readonly mails: ResetMailQueue,
    private readonly accounts: AccountsService,
  ) {}

  onModuleInit(): void {
    void this.mails.queue.process(CONCURRENCY, (job: Job<ResetMailJob>) => this.handle(job.data));
  }

  async onModuleDestroy(): Promise<void> {
    await this.mails.queue.close();
  }

  /** Outside a NATS request there is no request context: each job gets its own. */
  @CreateRequestContext()
  async handle(job: ResetMailJob): Promise<void> {
    await this.accounts.sendResetLink(job);
  }
}
