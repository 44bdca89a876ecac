import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  ConversationResponse,
  ConversationState,
  CustomerPlatform,
  CustomerStage,
} from '@parley/contracts';
import { likePattern, type Page, sqlTuples } from '@parley/server-kit';
import { customerSearchText, pushCustomerConditions } from '../customers/customers.queries';
import { contentMatch } from '../messages/messages.queries';
import type { Cursor } from '../shared/cursor';
import { type NewestFirstList, newestFirstPage } from '../shared/list-sql';
import {
  CONVERSATION_COLUMNS,
  type ConversationColumns,
  conversationFromColumns,
  conversationPosition,
  conversationSelect,
} from './conversation.mapper';
import { conversationOf } from './conversation-state';

/** Which conversations a page lists; a flag left undefined does not filter. */
export interface ConversationFilter {
  /** In the customer's name, email or platform username, or in any of their messages. */
  q?: string;
  state?: ConversationState;
  unread?: boolean;
  needsHuman?: boolean;
  aiPaused?: boolean;
  platform?: CustomerPlatform;
  stage?: CustomerStage;
  /** A member's user id: only theirs; null: only the unassigned (conversations_assignee_idx). */
  assigneeId?: string | null;
  /** False: not the simulated (test) customers' conversations. */
  includeTest?: boolean;
  after?: Cursor;
}

/** What a PATCH changes; undefined leaves a field as it is. */
export interface ConversationChanges {
  /** The AI pauses for this long from now; null resumes it. */
  pauseMs?: number | null;
  closed?: boolean;
  /** Every message read. */
  read?: true;
  /** A member's user id (checked by the caller), or null: unassigned. */
  assigneeId?: string | null;
}

/** A conversation's columns (customers `c`, conversations `v`). */
const SELECT = conversationSelect('c', 'v');

/**
 * The conversations, newest activity first, through conversations_recent_idx (owner_id, last_message_at desc,
 * customer_id desc), each with its customer (by primary key); the unread and needs-a-person filters have
 * partial indexes of their own (Migration20261210100000). Every conversation has its customer (a foreign key);
 * the join is a left one so that PostgreSQL leaves it out where nothing of the customer is read (a search's
 * matches are then sorted from the conversations alone).
 */
const LIST: NewestFirstList<ConversationColumns, ConversationResponse> = {
  table: 'conversations',
  alias: 'v',
  at: 'last_message_at',
  id: 'customer_id',
  join: 'left join customers c on c.id = v.customer_id',
  columns: CONVERSATION_COLUMNS,
  select: SELECT,
  map: conversationFromColumns,
  position: conversationPosition,
};

/** The SQL of conversations: a customer with their conversation's state and newest message. */
@Injectable()
export class ConversationsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Newest activity first, `limit` conversations after `filter.after`. A search whose term has search keys
   * takes every matching customer (by name through customers_owner_search_idx, by message through the
   * messages' search keys), then sorts those (their count sets the cost); a shorter term is checked on each
   * conversation while walking the newest ones, as message search does (contentMatch).
   */
  page(ownerId: string, filter: ConversationFilter, limit: number): Promise<Page<ConversationResponse>> {
    const where = ['v.owner_id = ?'];
    const params: unknown[] = [ownerId];
    let viaHits = false;
    if (filter.q) {
      const match = contentMatch(ownerId, filter.q);
      if (match.keyed) {
        // `= any(array(…))`, not `in (…)`: the matching customers are then read by primary key in one
        // bitmap scan. As a join, the planner (which expects a handful of matches) read every customer of
        // the owner to hash-join a few hundred names (docs/performance.md, "Conversations").
        where.push(`v.customer_id = any(array(
          select s.id from customers s where s.owner_id = ? and ${customerSearchText('s')} like ?
          union
          select m.customer_id from messages m where m.owner_id = ? and ${match.sql}))`);
        params.push(ownerId, likePattern(filter.q), ownerId, ...match.params);
        viaHits = true;
      } else {
        where.push(`(${customerSearchText('c')} like ?
          or exists (select from messages m where m.customer_id = v.customer_id and ${match.sql}))`);
        params.push(likePattern(filter.q), ...match.params);
      }
    }
    if (filter.state)
      where.push(filter.state === 'closed' ? 'v.closed_at is not null' : 'v.closed_at is null');
    // Written as the partial indexes' predicates, so that the planner can use them.
    if (filter.unread !== undefined) where.push(filter.unread ? 'v.unread_count > 0' : 'v.unread_count = 0');
    if (filter.needsHuman !== undefined)
      where.push(filter.needsHuman ? 'v.needs_human' : 'not v.needs_human');
    if (filter.aiPaused !== undefined) {
      where.push(
        filter.aiPaused
          ? 'v.ai_paused_until > now()'
          : '(v.ai_paused_until is null or v.ai_paused_until <= now())',
      );
    }
    if (filter.assigneeId === null) where.push('v.assignee_id is null');
    else if (filter.assigneeId !== undefined) {
      where.push('v.assignee_id = ?');
      params.push(filter.assigneeId);
    }
    pushCustomerConditions(filter, where, params);
    return newestFirstPage(this.em, LIST, { where, params, after: filter.after, viaHits }, limit);
  }

  /** The owner's conversation with this customer, or undefined. */
  async byCustomer(ownerId: string, customerId: string): Promise<ConversationResponse | undefined> {
    const [row] = await sqlTuples<ConversationColumns>(
      this.em,
      `select ${SELECT} from customers c ${conversationOf('c', 'v')} where c.id = ? and c.owner_id = ?`,
      [customerId, ownerId],
    );
    return row && conversationFromColumns(row);
  }

  /** Unassigns every conversation of the owner assigned to this member; the customers' ids. */
  async unassign(ownerId: string, assigneeId: string): Promise<string[]> {
    const rows = await this.em.execute<{ customer_id: string }[]>(
      'update conversations set assignee_id = null where owner_id = ? and assignee_id = ? returning customer_id',
      [ownerId, assigneeId],
    );
    return rows.map((row) => row.customer_id);
  }

  /**
   * Applies `changes` (at least one) to the owner's conversation with this customer, in one statement that
   * writes the conversation's row only; the conversation as it is now, or undefined when the owner has no
   * such customer.
   */
  async update(
    ownerId: string,
    customerId: string,
    changes: ConversationChanges,
  ): Promise<ConversationResponse | undefined> {
    const set: string[] = [];
    const params: unknown[] = [];
    if (changes.pauseMs !== undefined) {
      // `now() + null` is null: resumed.
      set.push('ai_paused_until = now() + make_interval(secs => ?::float8 / 1000)');
      params.push(changes.pauseMs);
    }
    // Resume AI hands the conversation back to the AI, also when it was waiting for a person.
    if (changes.pauseMs === null) set.push('needs_human = false');
    if (changes.closed !== undefined)
      set.push(changes.closed ? 'closed_at = coalesce(v.closed_at, now())' : 'closed_at = null');
    if (changes.read) set.push('unread_count = 0');
    if (changes.assigneeId !== undefined) {
      set.push('assignee_id = ?');
      params.push(changes.assigneeId);
    }
    const [row] = await sqlTuples<ConversationColumns>(
      this.em,
      `update conversations v set ${set.join(', ')} from customers c
        where v.customer_id = ? and v.owner_id = ? and c.id = v.customer_id
       returning ${SELECT}`,
      [...params, customerId, ownerId],
    );
    return row && conversationFromColumns(row);
  }
}
