import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import type { ProductImportRequest, ProductImportResponse, RpcErrorBody } from '@parley/contracts';
import { OwnerRounds } from '@parley/server-kit';
import type { Queue } from 'bull';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const CATALOGUE_IMPORT_QUEUE = 'catalogue-imports';

/** One uploaded catalogue file to import for its owner. */
export interface CatalogueImportJob extends ProductImportRequest {
  ownerId: string;
}

/**
 * What a job returns. A refusal (a bad file) is an answer, not a failure: Bull keeps only the message of a
 * failed job, and the caller needs the code and field too. A job fails only on the unexpected.
 */
export type CatalogueImportOutcome =
  { ok: true; result: ProductImportResponse } | { ok: false; error: RpcErrorBody };

/** Finished jobs are kept this long, so a caller that asks just after the end still finds the outcome. */
const KEEP_FINISHED_SECONDS = 3600;

@Injectable()
export class CatalogueImportQueue {
  /** Owners take turns: one owner's pile of uploads does not hold back another's import. */
  private readonly rounds: OwnerRounds;

  constructor(@InjectQueue(CATALOGUE_IMPORT_QUEUE) readonly queue: Queue<CatalogueImportJob>) {
    this.rounds = new OwnerRounds(queue);
  }

  /**
   * Queues the import and waits for its outcome, whichever replica runs it. One attempt: the caller waits
   * for this very run, and the upload's bytes are taken by the first one.
   */
  async run(job: CatalogueImportJob): Promise<CatalogueImportOutcome> {
    const added = await this.queue.add(job, {
      priority: await this.rounds.priorityFor(job.ownerId),
      attempts: 1,
      removeOnComplete: { age: KEEP_FINISHED_SECONDS },
      removeOnFail: { age: KEEP_FINISHED_SECONDS },
    });
    return (await added.finished()) as CatalogueImportOutcome;
  }
}
