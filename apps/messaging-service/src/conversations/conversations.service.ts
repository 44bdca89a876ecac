import { Injectable } from '@nestjs/common';
import {
  type Actor,
  AI_PAUSE_MS,
  type ConversationResponse,
  DomainException,
  ErrorCode,
  type ListConversationsQueryDto,
  TEAM_SUBJECTS,
  type TeamMembersResponse,
  type UpdateConversationDto,
} from '@parley/contracts';
import { OwnerEvents, type Page, ServiceClient } from '@parley/server-kit';
import { decodeCursor } from '../shared/cursor';
import { requireSomeChange } from '../shared/some-change';
import { requireUuid } from '../shared/uuid';
import { type ConversationChanges, ConversationsQueries } from './conversations.queries';

/** The fields of UpdateConversationDto, as the API spells them. */
const CHANGE_FIELDS = [
  'aiPaused',
  'closed',
  'read',
  'assigneeId',
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
    assigneeId: dto.assigneeId,
  };
}

/** The list's assignment filter as ConversationFilter's `assigneeId`: the caller's id, null, or no filter. */
export function assigneeFilter(
  actor: Actor,
  assignee: ListConversationsQueryDto['assignee'],
): string | null | undefined {
  if (assignee === 'mine') return actor.userId;
  if (assignee === 'unassigned') return null;
  return undefined;
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
    private readonly services: ServiceClient,
  ) {}

  /** Newest activity first; `q` matches the customer's name, email or username, or any of their messages. */
  async list(actor: Actor, query: ListConversationsQueryDto): Promise<Page<ConversationResponse>> {
    return this.queries.page(
      actor.workspaceId,
      {
        q: query.q ?? undefined,
        state: query.state,
        unread: query.unread,
        needsHuman: query.needsHuman,
        aiPaused: query.aiPaused,
        platform: query.platform,
        stage: query.stage,
        includeTest: query.includeTest,
        assigneeId: assigneeFilter(actor, query.assignee),
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

  /**
   * Closes or reopens, marks read, pauses or resumes the AI, assigns; every member's tabs are told quietly
   * (the event carries the assignee, so lists filtered Mine or Unassigned move the conversation).
   */
  async update(actor: Actor, customerId: string, dto: UpdateConversationDto): Promise<ConversationResponse> {
    const ownerId = actor.workspaceId;
    const changes = conversationChanges(requireSomeChange(dto, CHANGE_FIELDS));
    const id = requireUuid(customerId, 'Customer');
    if (changes.assigneeId) await this.requireMember(actor, changes.assigneeId);
    const conversation = await this.queries.update(ownerId, id, changes);
    if (!conversation) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    this.events.emit(ownerId, {
      type: 'conversation_updated',
      message: '',
      data: {
        customerId: conversation.customerId,
        assigneeId: conversation.assigneeId,
        ...(changes.assigneeId !== undefined && { assignedBy: actor.userId }),
      },
    });
    return conversation;
  }

  /**
   * A member left the workspace (auth-service asks): each conversation assigned to them becomes unassigned, and
   * every member's tabs are told, as for an unassignment by hand.
   */
  async unassignMember(actor: Actor, userId: string): Promise<{ unassigned: number }> {
    const ids = await this.queries.unassign(actor.workspaceId, requireUuid(userId, 'Member'));
    for (const customerId of ids) {
      this.events.emit(actor.workspaceId, {
        type: 'conversation_updated',
        message: '',
        data: { customerId, assigneeId: null },
      });
    }
    return { unassigned: ids.length };
  }

  /**
   * An assignee must be a member of the caller's workspace, as auth-service (which holds the memberships) says
   * now: anyone else, another workspace's user or an unknown id, is a 400 naming `assigneeId`.
   */
  private async requireMember(actor: Actor, userId: string): Promise<void> {
    const { items } = await this.services.send<TeamMembersResponse>(TEAM_SUBJECTS.listMembers, {}, { actor });
    if (!items.some((member) => member.userId === userId)) {
      throw new DomainException(
        ErrorCode.ValidationFailed,
        'assigneeId must be a member of this workspace (or null: unassigned)',
        { field: 'assigneeId' },
      );
    }
  }
}
