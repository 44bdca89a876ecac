import type { KnowledgeCategory } from './knowledge-categories';
import type { KnowledgePriority } from './knowledge-priorities';

/** GET /api/ai/knowledge items. `sourceDocumentId`: the training document it was extracted from. */
export interface KnowledgeItemResponse {
  id: string;
  category: KnowledgeCategory;
  title: string;
  content: string;
  tags: string[];
  priority: KnowledgePriority;
  isActive: boolean;
  sourceDocumentId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/ai/knowledge answers the owner's newest items, at most this many. */
export const KNOWLEDGE_LIST_LIMIT = 500;
