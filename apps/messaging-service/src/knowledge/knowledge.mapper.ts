import type { KnowledgeCategory, KnowledgeItemResponse, KnowledgePriority } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

export interface KnowledgeRow {
  id: string;
  category: string;
  title: string;
  content: string;
  tags: string[];
  priority: number;
  is_active: boolean;
  source_document_id: string | null;
  /** A timestamptz comes as text (see isoTime). */
  created_at: string;
  updated_at: string;
}

/** The columns an item is answered from (named, not `*`: the table has search columns no answer needs). */
export const KNOWLEDGE_COLUMNS =
  'id, category, title, content, tags, priority, is_active, source_document_id, created_at, updated_at';

export function knowledgeFromRow(row: KnowledgeRow): KnowledgeItemResponse {
  return {
    id: row.id,
    category: row.category as KnowledgeCategory,
    title: row.title,
    content: row.content,
    tags: row.tags,
    priority: row.priority as KnowledgePriority,
    isActive: row.is_active,
    sourceDocumentId: row.source_document_id,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
