import { Injectable } from '@nestjs/common';
import {
  AI_PAUSE_MS,
  type ConversationResponse,
  DomainException,
  ErrorCode,
  type ListConversationsQueryDto,
  type UpdateConversationDto,
} from '@parley/contracts';
import { OwnerEvents, type Page } from '@parley/server-kit';
import { decodeCursor } from '../shared/cursor';
import { requireSomeChange } from '../shared/some-change';
import { requireUuid } from '../shared/uuid';
import { type ConversationChanges, ConversationsQueries } from './conversations.queries';

/** The fields of UpdateConversationDto, as the API spells them. */
const CHANGE_FIELDS = [
  'aiPaused',
  'closed',
  'read',
] as const satisfies readonly (keyof UpdateConversationDto)[];

/**
 * What a PATCH changes: Pause AI lasts AI_PAUSE_MS, as when a person answers; Resume AI ends the pause and
 * hands the conversation back to the AI if it was waiting for a person (a hand-off);
 * `read` is only ever true (the DTO refuses false).
 */
export function conversationChanges(dto: UpdateConversationDto): ConversationChanges {
  return {
    pauseMs: dto.aiPaused === undefined ? undefined : dto.aiPaused ? AI_PAUSE_MS : null,
    closed: dto.closed,
    read: dto.read ? true : undefined,
  };
}

/**
 * The inbox: one conversation per customer (docs/inbox.md). Its state is kept by the statements that
 * store messages (a new message from the customer counts as unread and reopens it; a person's reply reads
 * it) and changed here by the owner.
 */
@Injectable()
export class ConversationsService {
  constructor(
    private readonly queries: ConversationsQueries,
    private readonly events: OwnerEvents,
  ) {}

  /** Newest activity first; `q` matches the customer's name, email or username, or any of their messages. */
  async list(ownerId: string, query: ListConversationsQueryDto): Promise<Page<ConversationResponse>> {
    return this.queries.page(
      ownerId,
      {
        q: query.q ?? undefined,
        state: query.state,
        unread: query.unread,
        needsHuman: query.needsHuman,
        aiPaused: query.aiPaused,
        platform: query.platform,
        stage: query.stage,
        includeTest: query.includeTest,
        after: decodeCursor(query.cursor),
      },
      query.limit,
    );
  }

  /** The open conversation of the inbox, whatever the list's filters and pages hold. */
  async get(ownerId: string, customerId: string): Promise<ConversationResponse> {
    const conversation = await this.queries.byCustomer(ownerId, requireUuid(customerId, 'Customer'));
    if (!conversation) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return conversation;
  }

  /** Closes or reopens, marks read, pauses or resumes the AI; the owner's other tabs are told quietly. */
  async update(
    ownerId: string,
    customerId: string,
    dto: UpdateConversationDto,
  ): Promise<ConversationResponse> {
    const changes = conversationChanges(requireSomeChange(dto, CHANGE_FIELDS));
    const conversation = await this.queries.update(ownerId, requireUuid(customerId, 'Customer'), changes);
    if (!conversation) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    this.events.emit(ownerId, {
      type: 'conversation_updated',
      message: '',
      data: { customerId: conversation.customerId },
    });
    return conversation;
  }
}
