import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_KNOWLEDGE_PRIORITY,
  DomainException,
  ErrorCode,
  KNOWLEDGE_LIST_LIMIT,
  type KnowledgeItemDto,
  type KnowledgeConflictResponse,
  type KnowledgeItemResponse,
  type ListKnowledgeQueryDto,
  type UpdateKnowledgeItemDto,
} from '@parley/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { appendAudit, auditChanges, type AuditChange, type Page } from '@parley/server-kit';
import { checkPassage, priceSentences } from '@parley/agent';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { decodeCursor } from '../shared/cursor';
import { requireUuid } from '../shared/uuid';
import { type KnowledgeChanges, KnowledgeQueries, type PricedItem } from './knowledge.queries';

/** How many catalogue searches the conflicts check runs at once. */
const SEARCHES_AT_ONCE = 8;

/** The fields of a PATCH as columns: only those sent. */
export function knowledgeChanges(dto: UpdateKnowledgeItemDto): KnowledgeChanges {
  return {
    category: dto.category,
    title: dto.title,
    content: dto.content,
    tags: dto.tags,
    priority: dto.priority,
    is_active: dto.isActive,
  };
}

/**
 * The owner's knowledge base: items they typed and passages of their training documents (written by the
 * training-documents processor into the same table). An id that is not the owner's is not found.
 */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly queries: KnowledgeQueries,
    private readonly catalogue: CatalogueClient,
    private readonly em: EntityManager,
  ) {}

  /**
   * The sentences of the owner's active items (the newest KNOWLEDGE_LIST_LIMIT with a digit) that state a price for
   * a catalogue product other than the catalogue's, newest item first: what the agent leaves out of its replies
   * (knowledge-claims.ts). Each item stating a price is checked against the products its price sentences name,
   * found by the catalogue's product search, SEARCHES_AT_ONCE at a time.
   */
  async conflicts(ownerId: string): Promise<KnowledgeConflictResponse[]> {
    const priced = (await this.queries.pricedItems(ownerId, KNOWLEDGE_LIST_LIMIT)).flatMap((item) => {
      const sentences = priceSentences(item.content);
      return sentences.length === 0 ? [] : [{ item, search: sentences.join('') }];
    });
    const found: KnowledgeConflictResponse[][] = [];
    for (let i = 0; i < priced.length; i += SEARCHES_AT_ONCE) {
      found.push(
        ...(await Promise.all(
          priced
            .slice(i, i + SEARCHES_AT_ONCE)
            .map(({ item, search }) => this.conflictsOf(ownerId, item, search)),
        )),
      );
    }
    return found.flat();
  }

  private async conflictsOf(
    ownerId: string,
    item: PricedItem,
    search: string,
  ): Promise<KnowledgeConflictResponse[]> {
    const products = await this.catalogue.productsFor(ownerId, search, []);
    return checkPassage(item.content, products).conflicts.map((conflict) => ({
      knowledgeItemId: item.id,
      title: item.title,
      ...conflict,
    }));
  }

  /** Newest first, KNOWLEDGE_LIST_LIMIT a page; the web page reads the first such and searches them itself. */
  list(ownerId: string, query: ListKnowledgeQueryDto): Promise<Page<KnowledgeItemResponse>> {
    return this.queries.page(ownerId, KNOWLEDGE_LIST_LIMIT, decodeCursor(query.cursor));
  }

  /** Each write and its audit entry (docs/teams.md, "Audit log") in one transaction; `userId` did it. */
  create(ownerId: string, dto: KnowledgeItemDto, userId: string): Promise<KnowledgeItemResponse> {
    return this.em.transactional(async () => {
      const item = await this.queries.insert({
        id: randomUUID(),
        ownerId,
        category: dto.category,
        title: dto.title,
        content: dto.content,
        tags: dto.tags ?? [],
        priority: dto.priority ?? DEFAULT_KNOWLEDGE_PRIORITY,
      });
      await this.audit(ownerId, userId, 'knowledge.created', item, undefined, auditedItem(item));
      return item;
    });
  }

  async update(
    ownerId: string,
    id: string,
    dto: UpdateKnowledgeItemDto,
    userId: string,
  ): Promise<KnowledgeItemResponse> {
    const uuid = requireUuid(id, 'Knowledge item');
    return this.em.transactional(async () => {
      const before = await this.queries.item(ownerId, uuid);
      const item = before && (await this.queries.update(ownerId, uuid, knowledgeChanges(dto)));
      if (!before || !item) throw new DomainException(ErrorCode.NotFound, 'Knowledge item not found');
      const changes = auditChanges(
        { ...auditedItem(before), content: before.content },
        { ...auditedItem(item), content: item.content },
        ['content'],
      );
      if (changes)
        await this.audit(ownerId, userId, 'knowledge.updated', item, changes.before, changes.after);
      return item;
    });
  }

  async delete(ownerId: string, id: string, userId: string): Promise<{ id: string }> {
    const uuid = requireUuid(id, 'Knowledge item');
    return this.em.transactional(async () => {
      const before = await this.queries.item(ownerId, uuid);
      if (!before || !(await this.queries.delete(ownerId, uuid))) {
        throw new DomainException(ErrorCode.NotFound, 'Knowledge item not found');
      }
      await this.audit(ownerId, userId, 'knowledge.deleted', before, auditedItem(before), undefined);
      return { id: uuid };
    });
  }

  private audit(
    ownerId: string,
    userId: string,
    action: AuditChange['action'],
    item: KnowledgeItemResponse,
    before: Record<string, unknown> | undefined,
    after: Record<string, unknown> | undefined,
  ): Promise<void> {
    return appendAudit(this.em, ownerId, userId, {
      action,
      subject: { type: 'knowledge_item', id: item.id, label: item.title },
      before: before ?? null,
      after: after ?? null,
    });
  }
}

/** An item's fields as the audit log keeps them; its content, which may be long, only as "changed" (update). */
function auditedItem(item: KnowledgeItemResponse): Record<string, unknown> {
  return {
    title: item.title,
    category: item.category,
    tags: item.tags,
    priority: item.priority,
    isActive: item.isActive,
  };
}
