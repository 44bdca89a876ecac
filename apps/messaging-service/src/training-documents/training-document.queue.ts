import { InjectQueue } from '@nestjs/bull';
import { Injectable } from '@nestjs/common';
import { OwnerRounds } from '@parley/server-kit';
import type { Queue } from 'bull';

/**
 * Queue name and payload are a wire contract between replicas (and across deploys): changing either
 * needs a new queue name.
 */
export const TRAINING_DOCUMENT_QUEUE = 'training-documents';

/** One uploaded document to turn into passages; its bytes are in its row, so any replica can run it. */
export interface TrainingDocumentJob {
  documentId: string;
}

/**
 * A run stopped by a crash or a database hiccup is tried again, after 2 s then 4 s; a file that cannot
 * be read is not (the processor answers it as failed at once).
 */
export const TRAINING_DOCUMENT_ATTEMPTS = 3;

@Injectable()
export class TrainingDocumentQueue {
  /** Owners take turns: one owner's pile of uploads does not hold back another's document. */
  private readonly rounds: OwnerRounds;

  constructor(@InjectQueue(TRAINING_DOCUMENT_QUEUE) readonly queue: Queue<TrainingDocumentJob>) {
    this.rounds = new OwnerRounds(queue);
  }

  /** One job per document (the job id is the document id), so scheduling twice still processes once. */
  async schedule(documentId: string, ownerId: string): Promise<void> {
    await this.queue.add(
      { documentId },
      {
        jobId: documentId,
        priority: await this.rounds.priorityFor(ownerId),
        attempts: TRAINING_DOCUMENT_ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  async has(documentId: string): Promise<boolean> {
    return (await this.queue.getJob(documentId)) !== null;
  }
}
