import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  FIELD_LIMITS,
  TRAINING_DOCUMENT_RULE,
  type TrainingDocumentResponse,
  type TrainingDocumentUploadRequest,
} from '@parley/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { appendAudit, checkFileBytes, fileKindOf, UploadStore, withdrawAudit } from '@parley/server-kit';
import { requireUuid } from '../shared/uuid';
import { TrainingDocumentQueue } from './training-document.queue';
import { toTrainingDocumentResponse } from './training-documents.mapper';
import { TrainingDocumentsQueries } from './training-documents.queries';

/**
 * Training documents (docs/agent.md, "Training documents"): an upload is stored with status processing
 * and answered at once; a Bull job (TrainingDocumentProcessor) turns it into knowledge passages.
 */
@Injectable()
export class TrainingDocumentsService {
  constructor(
    private readonly queries: TrainingDocumentsQueries,
    private readonly queue: TrainingDocumentQueue,
    private readonly uploads: UploadStore,
    private readonly em: EntityManager,
  ) {}

  async list(ownerId: string): Promise<TrainingDocumentResponse[]> {
    return (await this.queries.list(ownerId)).map(toTrainingDocumentResponse);
  }

  /**
   * Takes the upload's bytes from the UploadStore, checks them again (a service never trusts its caller),
   * stores them in the document's row, where a worker on any replica can read them, and queues the job.
   */
  async upload(ownerId: string, data: unknown, userId: string): Promise<TrainingDocumentResponse> {
    const { uploadKey, fileName, mediaType } = uploadRequestOf(data);
    const bytes = await this.uploads.take(ownerId, uploadKey);
    if (!bytes) throw refusal('The upload has expired. Please upload the file again.');
    const name = baseName(fileName);
    if (!checkFileBytes(TRAINING_DOCUMENT_RULE, { name, type: mediaType }, bytes).ok)
      throw refusal(TRAINING_DOCUMENT_RULE.invalidTypeMessage);
    if (bytes.length > TRAINING_DOCUMENT_RULE.maxBytes) {
      throw new DomainException(ErrorCode.PayloadTooLarge, TRAINING_DOCUMENT_RULE.tooLargeMessage, {
        field: TRAINING_DOCUMENT_RULE.fieldName,
      });
    }
    const id = randomUUID();
    const subject = { type: 'training_document', id, label: name } as const;
    // The row and its audit entry (docs/teams.md, "Audit log") in one transaction.
    const row = await this.em.transactional(async () => {
      const inserted = await this.queries.insert({
        id,
        ownerId,
        originalName: name,
        fileType: fileKindOf(bytes, { name, type: mediaType }) as string, // checkFileBytes passed: a known kind
        bytes,
      });
      await appendAudit(this.em, ownerId, userId, {
        action: 'training_document.uploaded',
        subject,
        after: { fileName: name },
      });
      return inserted;
    });
    try {
      await this.queue.schedule(id, ownerId);
    } catch (error) {
      // Not queued: a document that would stay processing forever is worse than an upload to repeat.
      await this.em.transactional(async () => {
        await this.queries.delete(ownerId, id);
        await withdrawAudit(this.em, ownerId, subject);
      });
      throw error;
    }
    return toTrainingDocumentResponse(row);
  }

  /** The document and the passages it produced; another owner's id is not found. */
  async delete(ownerId: string, id: string, userId: string): Promise<{ id: string }> {
    const documentId = requireUuid(id, 'Document');
    await this.em.transactional(async () => {
      const fileName = await this.queries.delete(ownerId, documentId);
      if (fileName === undefined) throw new DomainException(ErrorCode.NotFound, 'Document not found');
      await appendAudit(this.em, ownerId, userId, {
        action: 'training_document.deleted',
        subject: { type: 'training_document', id: documentId, label: fileName },
        before: { fileName },
      });
    });
    return { id: documentId };
  }
}

function refusal(message: string): DomainException {
  return new DomainException(ErrorCode.ValidationFailed, message, {
    field: TRAINING_DOCUMENT_RULE.fieldName,
  });
}

/** The gateway's TrainingDocumentUploadRequest, checked. */
function uploadRequestOf(data: unknown): TrainingDocumentUploadRequest {
  const { uploadKey, fileName, mediaType, fileSize } = (
    typeof data === 'object' && data !== null ? data : {}
  ) as Record<string, unknown>;
  if (typeof uploadKey !== 'string' || typeof fileName !== 'string' || typeof mediaType !== 'string') {
    throw refusal('An upload needs an upload key, a file name and a media type');
  }
  return { uploadKey, fileName, mediaType, fileSize: Number(fileSize) };
}

/** The name without a folder (some browsers send `C:\fakepath\…`), at most a name's length. */
function baseName(fileName: string): string {
  const name = fileName.split(/[\\/]/).pop()?.trim() || 'document';
  return name.slice(0, FIELD_LIMITS.name);
}
