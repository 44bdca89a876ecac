import { KNOWLEDGE_CATEGORIES, type KnowledgeCategory } from './knowledge-categories';
import { KNOWLEDGE_PRIORITIES, type KnowledgePriority } from './knowledge-priorities';
import { OptionalChoice, RequiredChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalTextList } from '../../validation/list-fields';
import { RequiredText } from '../../validation/text-fields';

const MISSING = 'Missing Information: Please provide both title and content.';

/** POST /api/ai/knowledge. Priority defaults to 1 (Low). */
export class KnowledgeItemDto {
  @RequiredChoice('Category', KNOWLEDGE_CATEGORIES)
  category!: KnowledgeCategory;

  @RequiredText('Title', { max: FIELD_LIMITS.name, requiredMessage: MISSING })
  title!: string;

  @RequiredText('Content', { max: FIELD_LIMITS.knowledgeContent, requiredMessage: MISSING })
  content!: string;

  @OptionalTextList('Tags', { maxItems: FIELD_LIMITS.tagCount, maxLength: FIELD_LIMITS.tag })
  tags?: string[];

  @OptionalChoice('Priority', KNOWLEDGE_PRIORITIES)
  priority?: KnowledgePriority;
}
