import { Injectable } from '@nestjs/common';
import { Reconciler } from '@parley/server-kit';
import { CampaignProgress } from './campaign-progress';
import { CampaignSendingService } from './campaign-sending.service';
import { SendingQueries } from './sending.queries';

/** A claim older than this was left by a worker that died mid-send. */
const ABANDONED_AFTER_S = 600;

/**
 * Jobs live in Redis, campaigns in PostgreSQL: a pass every minute makes the queue match the rows again
 * after Redis lost jobs or a worker died. Due scheduled campaigns start, sending campaigns' pending
 * deliveries are queued again (a job already there is not added twice), and deliveries abandoned
 * mid-send are marked failed, never sent again. Safe to run on every replica at once.
 */
@Injectable()
export class SendingReconciler extends Reconciler {
  protected readonly intervalMs = 60_000;

  constructor(
    private readonly queries: SendingQueries,
    private readonly sending: CampaignSendingService,
    private readonly progress: CampaignProgress,
  ) {
    super();
  }

  protected async reconcile(): Promise<number> {
    let queued = 0;
    for (const { campaign_id, owner_id } of await this.queries.failAbandoned(ABANDONED_AFTER_S)) {
      if (await this.queries.finishIfDone(campaign_id)) await this.progress.now(owner_id, campaign_id);
    }
    for (const { id, owner_id } of await this.queries.dueScheduled()) {
      await this.sending.startScheduled(owner_id, id);
    }
    for (const { id, owner_id } of await this.queries.sending()) {
      queued += await this.sending.queueRest(owner_id, id);
    }
    return queued;
  }
}
