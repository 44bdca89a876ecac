import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';
import type { Passage } from './passages';
import { DOCUMENT_COLUMNS, type TrainingDocumentRow } from './training-documents.mapper';

/** A document to store as the upload leaves it: status processing, its bytes kept for the job. */
export interface NewTrainingDocument {
  id: string;
  ownerId: string;
  originalName: string;
  fileType: string;
  bytes: Buffer;
}

/** What the job needs of a document still processing. */
export interface DocumentToProcess {
  ownerId: string;
  originalName: string;
  fileType: string;
  bytes: Buffer;
}

/** Passages per insert statement: one JSON parameter of at most ~1 MB. */
const PASSAGE_BATCH = 500;

/**
 * Passages become knowledge items of the document's owner (knowledge_items, owned by the knowledge
 * feature): low priority, active, no tags, numbered in the document's order.
 */
const INSERT_PASSAGES = `
  insert into knowledge_items
    (id, owner_id, category, title, content, tags, priority, is_active, source_document_id, passage_index)
  select gen_random_uuid(), d.owner_id, p.category, p.title, p.content, '{}', 1, true, d.id, p.index
  from training_documents d, jsonb_to_recordset(?::jsonb) as p(index int, category text, title text, content text)
  where d.id = ?`;

/**
 * The SQL of training documents: the only place that reads or writes their table, and that writes a
 * document's passages. Plain SQL like the rest of messaging-service (docs/architecture.md).
 */
@Injectable()
export class TrainingDocumentsQueries {
  constructor(private readonly em: EntityManager) {}

  async insert(document: NewTrainingDocument): Promise<TrainingDocumentRow> {
    const [row] = await sql<TrainingDocumentRow>(
      this.em,
      `insert into training_documents (id, owner_id, original_name, file_type, file_size, content)
       values (?, ?, ?, ?, ?, ?) returning ${DOCUMENT_COLUMNS}`,
      [
        document.id,
        document.ownerId,
        document.originalName,
        document.fileType,
        document.bytes.length,
        document.bytes,
      ],
    );
    return row;
  }

  /** The owner's documents, newest first. */
  list(ownerId: string): Promise<TrainingDocumentRow[]> {
    return sql<TrainingDocumentRow>(
      this.em,
      `select ${DOCUMENT_COLUMNS} from training_documents where owner_id = ? order by created_at desc, id desc`,
      [ownerId],
    );
  }

  /**
   * Deletes the document and, by the foreign key's cascade in the same statement, its passages. Its file's
   * name; undefined when there was none.
   */
  async delete(ownerId: string, id: string): Promise<string | undefined> {
    const [row] = await sql<{ original_name: string }>(
      this.em,
      'delete from training_documents where id = ? and owner_id = ? returning original_name',
      [id, ownerId],
    );
    return row?.original_name;
  }

  /** The document with its bytes, while it is still processing; null once done, or deleted. */
  /** Documents still processing `olderThanSeconds` after their last change, oldest first, at most `limit`. */
  async stillProcessing(olderThanSeconds: number, limit: number): Promise<{ id: string; ownerId: string }[]> {
    const rows = await sql<{ id: string; owner_id: string }>(
      this.em,
      `select id, owner_id from training_documents
        where status = 'processing' and updated_at < now() - make_interval(secs => ?::float8)
        order by updated_at limit ?`,
      [olderThanSeconds, limit],
    );
    return rows.map((row) => ({ id: row.id, ownerId: row.owner_id }));
  }

  async toProcess(id: string): Promise<DocumentToProcess | null> {
    const [row] = await sql<{ owner_id: string; original_name: string; file_type: string; content: Buffer }>(
      this.em.fork(),
      `select owner_id, original_name, file_type, content from training_documents
       where id = ? and status = 'processing' and content is not null`,
      [id],
    );
    return row
      ? {
          ownerId: row.owner_id,
          originalName: row.original_name,
          fileType: row.file_type,
          bytes: row.content,
        }
      : null;
  }

  /**
   * In one transaction: the document's passages so far are replaced by these, and the document is
   * completed and its bytes dropped. A run killed before its commit leaves nothing, so its retry starts
   * clean; deleting the earlier passages first makes that hold whatever a run left behind. The row lock
   * keeps a delete or a second run from interleaving. Null when the document is no longer processing
   * (deleted meanwhile, or finished by another run).
   */
  complete(id: string, passages: readonly Passage[]): Promise<TrainingDocumentRow | null> {
    return this.em.fork().transactional(async (em) => {
      const [locked] = await sql(
        em,
        "select id from training_documents where id = ? and status = 'processing' for update",
        [id],
      );
      if (!locked) return null;
      await sql(em, 'delete from knowledge_items where source_document_id = ?', [id]);
      for (let start = 0; start < passages.length; start += PASSAGE_BATCH) {
        const batch = passages
          .slice(start, start + PASSAGE_BATCH)
          .map((p, i) => ({ index: start + i, ...p }));
        await sql(em, INSERT_PASSAGES, [JSON.stringify(batch), id]);
      }
      return this.finish(em, id, 'completed', null);
    });
  }

  /** Marks a processing document failed with a sentence for its owner; null when it is no longer processing. */
  fail(id: string, error: string): Promise<TrainingDocumentRow | null> {
    return this.finish(this.em.fork(), id, 'failed', error);
  }

  private async finish(
    em: EntityManager,
    id: string,
    status: 'completed' | 'failed',
    error: string | null,
  ): Promise<TrainingDocumentRow | null> {
    const [row] = await sql<TrainingDocumentRow>(
      em,
      `update training_documents set status = ?, processing_error = ?, content = null, updated_at = now()
       where id = ? and status = 'processing' returning ${DOCUMENT_COLUMNS}`,
      [status, error, id],
    );
    return row ?? null;
  }
}
