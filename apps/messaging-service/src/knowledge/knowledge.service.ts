import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DEFAULT_KNOWLEDGE_PRIORITY,
  DomainException,
  ErrorCode,
  KNOWLEDGE_LIST_LIMIT,
  type KnowledgeItemDto,
  type KnowledgeItemResponse,
  type ListKnowledgeQueryDto,
  type UpdateKnowledgeItemDto,
} from '@parley/contracts';
import type { Page } from '@parley/server-kit';
import { decodeCursor } from '../shared/cursor';
import { requireUuid } from '../shared/uuid';
import { type KnowledgeChanges, KnowledgeQueries } from './knowledge.queries';

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
  constructor(private readonly queries: KnowledgeQueries) {}

  /** Newest first, KNOWLEDGE_LIST_LIMIT a page; the web page reads the first such and searches them itself. */
  list(ownerId: string, query: ListKnowledgeQueryDto): Promise<Page<KnowledgeItemResponse>> {
    return this.queries.page(ownerId, KNOWLEDGE_LIST_LIMIT, decodeCursor(query.cursor));
  }

  create(ownerId: string, dto: KnowledgeItemDto): Promise<KnowledgeItemResponse> {
    return this.queries.insert({
      id: randomUUID(),
      ownerId,
      category: dto.category,
      title: dto.title,
      content: dto.content,
      tags: dto.tags ?? [],
      priority: dto.priority ?? DEFAULT_KNOWLEDGE_PRIORITY,
    });
  }

  async update(ownerId: string, id: string, dto: UpdateKnowledgeItemDto): Promise<KnowledgeItemResponse> {
    const item = await this.queries.update(ownerId, requireUuid(id, 'Knowledge item'), knowledgeChanges(dto));
    if (!item) throw new DomainException(ErrorCode.NotFound, 'Knowledge item not found');
    return item;
  }

  async delete(ownerId: string, id: string): Promise<{ id: string }> {
    const uuid = requireUuid(id, 'Knowledge item');
    if (!(await this.queries.delete(ownerId, uuid))) {
      throw new DomainException(ErrorCode.NotFound, 'Knowledge item not found');
    }
    return { id: uuid };
  }
}
