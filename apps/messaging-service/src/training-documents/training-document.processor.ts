import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { TrainingDocumentStatusData } from '@parley/contracts';
import { OwnerEvents, OwnerReadBudget } from '@parley/server-kit';
import type { Job } from 'bull';
import { DOCUMENT_ERRORS, UnreadableDocument } from './document-errors';
import { type DocumentKind, documentBlocks } from './document-text';
import { toPassages } from './passages';
import { type TrainingDocumentJob, TrainingDocumentQueue } from './training-document.queue';
import { toTrainingDocumentResponse, type TrainingDocumentRow } from './training-documents.mapper';
import { TrainingDocumentsQueries } from './training-documents.queries';

/** Jobs one replica runs at once. Reading a file is CPU work: more would only make each slower. */
const CONCURRENCY = 2;

/** More passages than a 10 MB upload of prose gives (about 7 000); past it the document is refused. */
export const MAX_PASSAGES = 10_000;

/**
 * Turns one training document into knowledge passages: reads its bytes from its row, extracts its text
 * (document-text.ts), splits it into passages (passages.ts) and stores them and the status `completed` in
 * one transaction, so a run killed halfway leaves nothing and its retry starts clean. A file that cannot
 * be read ends `failed` at once with a sentence for its owner; an unexpected error is retried, and after
 * the last attempt also ends `failed`. The owner's open tabs hear each ending over /ws.
 */
@Injectable()
export class TrainingDocumentProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(TrainingDocumentProcessor.name);

  constructor(
    private readonly documents: TrainingDocumentQueue,
    private readonly queries: TrainingDocumentsQueries,
    private readonly events: OwnerEvents,
    private readonly readBudget: OwnerReadBudget,
  ) {}

  onModuleInit(): void {
    void this.documents.queue.process(CONCURRENCY, (job: Job<TrainingDocumentJob>) =>
      this.handle(job.data.documentId, job.attemptsMade + 1 >= (job.opts.attempts ?? 1)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.documents.queue.close();
  }

  /** One run; `lastAttempt` says whether an unexpected error ends the document instead of a retry. */
  async handle(documentId: string, lastAttempt: boolean): Promise<void> {
    const document = await this.queries.toProcess(documentId);
    if (!document) return; // deleted meanwhile, or already finished
    try {
      const blocks = await documentBlocks(document.bytes, document.fileType as DocumentKind, {
        ownerId: document.ownerId,
        budget: this.readBudget,
      });
      const passages = toPassages(blocks, document.originalName);
      if (passages.length === 0) throw new UnreadableDocument(DOCUMENT_ERRORS.noText);
      if (passages.length > MAX_PASSAGES) throw new UnreadableDocument(DOCUMENT_ERRORS.tooMuchText);
      this.announce(document.ownerId, await this.queries.complete(documentId, passages));
    } catch (error) {
      if (error instanceof UnreadableDocument) {
        this.announce(document.ownerId, await this.queries.fail(documentId, error.message));
        return;
      }
      if (!lastAttempt) throw error;
      this.logger.error(`Training document ${documentId} failed on its last attempt: ${String(error)}`);
      this.announce(document.ownerId, await this.queries.fail(documentId, DOCUMENT_ERRORS.unexpected));
    }
  }

  /** Tells the owner's open tabs the document's new status (nothing when another run already did). */
  private announce(ownerId: string, row: TrainingDocumentRow | null): void {
    if (!row) return;
    const { id, status, processingError } = toTrainingDocumentResponse(row);
    const data: TrainingDocumentStatusData = { documentId: id, status, processingError };
    this.events.emit(ownerId, { type: 'training_document_status', message: '', data: { ...data } });
  }
}
