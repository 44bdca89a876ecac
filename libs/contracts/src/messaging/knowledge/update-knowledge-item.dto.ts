import { KNOWLEDGE_CATEGORIES, type KnowledgeCategory } from './knowledge-categories';
import { KNOWLEDGE_PRIORITIES, type KnowledgePriority } from './knowledge-priorities';
import { OptionalBoolean, OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { RequiredText } from '../../validation/text-fields';

const MISSING = 'Missing Information: Please provide both title and content.';

/** Text that may be left out, but when sent follows the create rules (a title cannot be blanked). */
const IfSent = (label: string, max: number) =>
  compose(IfPresent(), RequiredText(label, { max, requiredMessage: MISSING }));

/** PATCH /api/ai/knowledge/{id}: only the fields sent change; `isActive` switches the item on or off. */
export class UpdateKnowledgeItemDto {
  @OptionalChoice('Category', KNOWLEDGE_CATEGORIES)
  category?: KnowledgeCategory;

  @IfSent('Title', FIELD_LIMITS.name)
  title?: string;

  @IfSent('Content', FIELD_LIMITS.knowledgeContent)
  content?: string;

  @OptionalTextList('Tags', { maxItems: FIELD_LIMITS.tagCount, maxLength: FIELD_LIMITS.tag })
  tags?: string[];

  @OptionalChoice('Priority', KNOWLEDGE_PRIORITIES)
  priority?: KnowledgePriority;

  @OptionalBoolean('Active')
  isActive?: boolean;
}
