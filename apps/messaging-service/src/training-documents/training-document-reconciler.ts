import { Injectable } from '@nestjs/common';
import { Reconciler } from '@parley/server-kit';
import { MessagingConfig } from '../config/messaging.config';
import { TrainingDocumentQueue } from './training-document.queue';
import { TrainingDocumentsQueries } from './training-documents.queries';

const BATCH = 100;

/** Reading a document takes seconds (a 10 MB PDF under 30); one still processing after this has lost its job. */
const GRACE_SECONDS = 600;

/**
 * Queues again the documents still `processing` long after their upload whose job is gone (Redis lost it,
 * or the queue was down when the upload was stored). A job that is still there, waiting or retrying, is
 * left alone. Safe on every replica at once: the job id is the document id, and the processor reads only a
 * document that is still processing.
 */
@Injectable()
export class TrainingDocumentReconciler extends Reconciler<[graceSeconds?: number]> {
  constructor(
    private readonly queries: TrainingDocumentsQueries,
    private readonly documents: TrainingDocumentQueue,
    private readonly config: MessagingConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.RECONCILE_INTERVAL_MS;
  }

  /** Returns how many documents were queued again. */
  protected async reconcile(graceSeconds = GRACE_SECONDS): Promise<number> {
    let requeued = 0;
    for (const { id, ownerId } of await this.queries.stillProcessing(graceSeconds, BATCH)) {
      if (await this.documents.has(id)) continue;
      await this.documents.schedule(id, ownerId);
      requeued++;
    }
    if (requeued > 0) this.logger.warn(`re-queued ${requeued} training document(s) whose job was missing`);
    return requeued;
  }
}
