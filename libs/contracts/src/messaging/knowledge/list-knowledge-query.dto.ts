import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText } from '../../validation/text-fields';

/**
 * GET /api/ai/knowledge: the owner's newest items, KNOWLEDGE_LIST_LIMIT a page; `cursor` is the
 * `x-next-cursor` of the previous page (a page too large to send whole ends early with one).
 */
export class ListKnowledgeQueryDto {
  @OptionalText('Cursor', { max: FIELD_LIMITS.cursor })
  cursor?: string | null;
}
