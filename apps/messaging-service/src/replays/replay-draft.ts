import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_KNOWLEDGE_PRIORITY,
  DomainException,
  ErrorCode,
  type KnowledgeItemResponse,
  type ReplayDraftDto,
} from '@parley/contracts';
import { AI_CONFIG_COLUMNS, type AiConfigRow, toAiConfigResponse } from '../ai-config/ai-config.mapper';
import { mergeAiConfig } from '../ai-config/ai-config.service';
import { type KnowledgeDraft, KnowledgeQueries } from '../knowledge/knowledge.queries';

/** What the agent answers with under a draft: the configuration, and the knowledge changes (none: the live ones). */
export interface DraftAnswering {
  config: AiConfigRow;
  knowledge?: KnowledgeDraft;
}

/** The live configuration with a draft of the AI Config form over it, as PUT /api/ai-config would save it. */
export function draftConfig(live: AiConfigRow, dto: NonNullable<ReplayDraftDto['aiConfig']>): AiConfigRow {
  const settings = mergeAiConfig(toAiConfigResponse(live), dto);
  const row: Record<string, unknown> = { ...live };
  for (const [setting, column] of Object.entries(AI_CONFIG_COLUMNS))
    row[column] = settings[setting as keyof typeof AI_CONFIG_COLUMNS];
  return row as unknown as AiConfigRow;
}

function asAdded(
  item: Pick<KnowledgeItemResponse, 'id' | 'category' | 'title' | 'content' | 'tags' | 'priority'>,
) {
  const { id, category, title, content, tags, priority } = item;
  return { id, category, title, content, tags, priority };
}

/**
 * Turns a replay's draft into what the agent answers with, reading the live rows it changes (never writing
 * them): a knowledge item or document that is not the owner's is not found.
 */
@Injectable()
export class ReplayDrafts {
  constructor(private readonly knowledge: KnowledgeQueries) {}

  async answering(ownerId: string, draft: ReplayDraftDto, live: AiConfigRow): Promise<DraftAnswering> {
    switch (draft.kind) {
      case 'ai_config':
        return { config: draftConfig(live, present(draft.aiConfig, 'AI configuration')) };
      case 'knowledge_create': {
        const item = present(draft.knowledge, 'Knowledge item');
        const added = asAdded({
          ...item,
          id: randomUUID(),
          tags: item.tags ?? [],
          priority: item.priority ?? DEFAULT_KNOWLEDGE_PRIORITY,
        });
        return { config: live, knowledge: { hidden: [], added: [added] } };
      }
      case 'knowledge_update': {
        const item = await this.item(ownerId, draft.itemId);
        const changed = { ...item, ...definedOf(present(draft.changes, 'Changes')) };
        return {
          config: live,
          knowledge: { hidden: [item.id], added: changed.isActive ? [asAdded(changed)] : [] },
        };
      }
      case 'knowledge_delete': {
        const item = await this.item(ownerId, draft.itemId);
        return { config: live, knowledge: { hidden: [item.id], added: [] } };
      }
      case 'document_remove': {
        const ids = await this.knowledge.documentPassageIds(
          ownerId,
          present(draft.documentId, 'Document id'),
        );
        if (!ids) throw new DomainException(ErrorCode.NotFound, 'Training document not found');
        return { config: live, knowledge: { hidden: ids, added: [] } };
      }
    }
  }

  private async item(ownerId: string, id: string | undefined): Promise<KnowledgeItemResponse> {
    const item = await this.knowledge.item(ownerId, present(id, 'Item id'));
    if (!item) throw new DomainException(ErrorCode.NotFound, 'Knowledge item not found');
    return item;
  }
}

/** A field the draft's kind needs (the DTO requires it; a stored draft was validated the same way). */
function present<T>(value: T | undefined, label: string): T {
  if (value === undefined) throw new DomainException(ErrorCode.ValidationFailed, `${label} is required`);
  return value;
}

/** The fields a PATCH sent (an absent one keeps the item's). */
function definedOf<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
