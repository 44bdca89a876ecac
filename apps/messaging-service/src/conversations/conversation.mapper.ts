import type {
  ConversationResponse,
  CustomerPlatform,
  CustomerStage,
  MessageDirection,
} from '@parley/contracts';
import { type ColumnsOf, isoTime } from '@parley/server-kit';
import { columnIndex, positionBy } from '../shared/list-sql';
import { qualified } from './conversation-state';

/** A customer with their conversation's state and newest message (null while it has none). */
export interface ConversationRow {
  id: string;
  name: string;
  platform: string;
  /** Null for a `manual` customer known by email or phone only (answered as ''). */
  platform_username: string | null;
  stage: string;
  /** A timestamptz comes as text (see isoTime). */
  last_message_at: string;
  unread_count: number;
  closed_at: string | null;
  needs_human: boolean;
  ai_paused_until: string | null;
  page_id: string | null;
  last_message_id: string | null;
  last_message_preview: string | null;
  last_message_direction: string | null;
  last_message_ai_generated: boolean | null;
  last_message_author_id: string | null;
  is_test: boolean;
  assignee_id: string | null;
}

/** The columns a conversation is answered from (the list's position: last_message_at). */
export const CONVERSATION_COLUMNS = [
  'id',
  'name',
  'platform',
  'platform_username',
  'stage',
  'last_message_at',
  'unread_count',
  'closed_at',
  'needs_human',
  'ai_paused_until',
  'page_id',
  'last_message_id',
  'last_message_preview',
  'last_message_direction',
  'last_message_ai_generated',
  'last_message_author_id',
  'is_test',
  'assignee_id',
] as const satisfies readonly (keyof ConversationRow)[];

/**
 * CONVERSATION_COLUMNS as a select list over the customers aliased `customer` joined to their conversations
 * aliased `conversation`.
 */
export function conversationSelect(customer: string, conversation: string): string {
  return CONVERSATION_COLUMNS.map((column) => qualified(column, customer, conversation)).join(', ');
}

/** A conversation row as an array of CONVERSATION_COLUMNS (see sqlTuples). */
export type ConversationColumns = ColumnsOf<ConversationRow, typeof CONVERSATION_COLUMNS>;

const C = columnIndex(CONVERSATION_COLUMNS);

/** A pause that ended is no pause: `aiPaused` is false and `aiPausedUntil` null once it has passed. */
export function conversationFromColumns(c: ConversationColumns): ConversationResponse {
  const pauseEnd = c[C.ai_paused_until];
  const pausedUntil = pauseEnd === null ? null : isoTime(pauseEnd);
  const paused = pausedUntil !== null && Date.parse(pausedUntil) > Date.now();
  const lastId = c[C.last_message_id];
  return {
    customerId: c[C.id],
    customerName: c[C.name],
    platform: c[C.platform] as CustomerPlatform,
    platformUsername: c[C.platform_username] ?? '',
    stage: c[C.stage] as CustomerStage,
    lastMessage:
      lastId === null
        ? null
        : {
            id: lastId,
            content: c[C.last_message_preview] as string,
            direction: c[C.last_message_direction] as MessageDirection,
            aiGenerated: c[C.last_message_ai_generated] as boolean,
            ...(c[C.last_message_author_id] !== null ? { authorId: c[C.last_message_author_id] as string } : {}),
          },
    lastActivityAt: isoTime(c[C.last_message_at]),
    unreadCount: c[C.unread_count],
    closed: c[C.closed_at] !== null,
    needsHuman: c[C.needs_human],
    aiPaused: paused,
    aiPausedUntil: paused ? pausedUntil : null,
    reachable: c[C.page_id] !== null,
    isTest: c[C.is_test],
    assigneeId: c[C.assignee_id],
  };
}

/** A row's place in the list (`order by last_message_at desc, id desc`): the next page's cursor. */
export const conversationPosition = positionBy(CONVERSATION_COLUMNS, 'last_message_at');
