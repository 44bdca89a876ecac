import { IsDefined, IsInt, IsUUID, Max, Min, ValidateIf } from 'class-validator';
import { AiConfigDto } from '../ai-config/ai-config.dto';
import { KnowledgeItemDto } from '../knowledge/knowledge-item.dto';
import { UpdateKnowledgeItemDto } from '../knowledge/update-knowledge-item.dto';
import { RequiredChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { IfPresent } from '../../validation/if-present';
import { RequiredNested } from '../../validation/nested-fields';

/**
 * What a replay tries before it is saved: the AI configuration as the form would save it, a knowledge item
 * added, changed or deleted, or a training document (its passages) removed.
 */
export const REPLAY_DRAFT_KINDS = [
  'ai_config',
  'knowledge_create',
  'knowledge_update',
  'knowledge_delete',
  'document_remove',
] as const;
export type ReplayDraftKind = (typeof REPLAY_DRAFT_KINDS)[number];

/** How many of the owner's latest customer messages a replay answers again (saved test-chat cases come on top). */
export const REPLAY_LIMIT = { default: 50, min: 1, max: 100 } as const;

const LIMIT_MESSAGE = {
  message: `Limit must be a whole number from ${REPLAY_LIMIT.min} to ${REPLAY_LIMIT.max}`,
};

/** How long a replay and its results are kept. */
export const REPLAY_KEPT_DAYS = 7;

/** A nested object (RequiredNested) required when `when` holds, not read otherwise. */
function NestedWhen(
  label: string,
  dto: new () => object,
  when: (draft: ReplayDraftDto) => boolean,
): PropertyDecorator {
  return compose(
    ValidateIf((draft: ReplayDraftDto) => when(draft)),
    RequiredNested(label, dto),
  );
}

function UuidWhen(label: string, when: (draft: ReplayDraftDto) => boolean): PropertyDecorator {
  return compose(
    ValidateIf((draft: ReplayDraftDto) => when(draft)),
    IsDefined({ message: `${label} is required` }),
    IsUUID('all', { message: `${label} must be a UUID` }),
  );
}

const isKind =
  (...kinds: ReplayDraftKind[]) =>
  (draft: ReplayDraftDto) =>
    kinds.includes(draft.kind);

/** One change to try; only the fields of its `kind` are read. */
export class ReplayDraftDto {
  @RequiredChoice('Draft kind', REPLAY_DRAFT_KINDS)
  kind!: ReplayDraftKind;

  /** ai_config: the configuration as PUT /api/ai-config would take it (an absent field keeps the saved one). */
  @NestedWhen('AI configuration', AiConfigDto, isKind('ai_config'))
  aiConfig?: AiConfigDto;

  /** knowledge_create: the new item. */
  @NestedWhen('Knowledge item', KnowledgeItemDto, isKind('knowledge_create'))
  knowledge?: KnowledgeItemDto;

  /** knowledge_update: the changes, as PATCH /api/ai/knowledge/{id} would take them. */
  @NestedWhen('Changes', UpdateKnowledgeItemDto, isKind('knowledge_update'))
  changes?: UpdateKnowledgeItemDto;

  /** knowledge_update and knowledge_delete: the item. */
  @UuidWhen('Item id', isKind('knowledge_update', 'knowledge_delete'))
  itemId?: string;

  /** document_remove: the training document whose passages go. */
  @UuidWhen('Document id', isKind('document_remove'))
  documentId?: string;
}

/** POST /api/ai/replays: `limit` of the owner's latest customer messages (REPLAY_LIMIT.default when absent). */
export class CreateReplayDto {
  @RequiredNested('Draft', ReplayDraftDto)
  draft!: ReplayDraftDto;

  @compose(
    IfPresent(),
    IsInt(LIMIT_MESSAGE),
    Min(REPLAY_LIMIT.min, LIMIT_MESSAGE),
    Max(REPLAY_LIMIT.max, LIMIT_MESSAGE),
  )
  limit?: number;
}
