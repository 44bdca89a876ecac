import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type {
  MessageAttachment,
  MessageResponse,
  MessageStatus,
  CustomerPlatform,
  Platform,
  TemplateChoice,
} from '@parley/contracts';
import { isoTime, likePattern, type Page, sql, sqlTuples } from '@parley/server-kit';
import type { Cursor } from '../shared/cursor';
import { type NewestFirstList, newestFirstPage } from '../shared/list-sql';
import { conversationOf } from '../conversations/conversation-state';
import { LAST_MESSAGE_COLUMNS, lastMessageValues, setLastMessage } from '../conversations/last-message';
import type { OutgoingStatus } from '../outbound/delivery-request';
import { MESSAGE_COLUMNS, type MessageColumns, messageFromColumns, messagePosition } from './message.mapper';

/** An inbound message to store with its customer (ids chosen by the caller). */
export interface NewInboundMessage {
  ownerId: string;
  customerId: string;
  messageId: string;
  senderName: string;
  platform: Platform;
  platformUsername: string;
  platformMessageId: string;
  content: string;
  /** The connected page it was written to; null for a simulated message. */
  pageId: string | null;
  /** When the customer wrote (the platform's time, never later than now); null: now. */
  sentAt: string | null;
  attachments: MessageAttachment[];
  /** From the simulator: the customer and the message are test data, kept apart from real customers. */
  isTest: boolean;
}

/** What storing an inbound message did, with the owner's stored reply settings (null: never saved). */
export interface InboundStored {
  customerId: string;
  customerCreated: boolean;
  /** False when a message with the same platform id was stored before (nothing was stored now). */
  messageStored: boolean;
  autoRespond: boolean | null;
  responseDelay: number | null;
  /** The member the conversation is assigned to (null: nobody): its notification goes to them only. */
  assigneeId: string | null;
}

/** A customer as a reply to them needs: where it is delivered, and when they last wrote (Meta's window). */
export interface Recipient {
  id: string;
  name: string;
  platform: CustomerPlatform;
  /** Empty for a `manual` customer without one. */
  platformUsername: string;
  /** Null for a simulated or hand-made customer: nothing is delivered to them. */
  pageId: string | null;
  /** ISO. */
  lastInboundAt: string | null;
  /** A simulated customer: replies to them are stored `simulated` and go nowhere. */
  isTest: boolean;
}

/** A reply the owner wrote, to store. */
export interface OwnerReply {
  ownerId: string;
  customerId: string;
  replyId: string;
  content: string;
  /** `queued` for a customer it is delivered to, else `simulated` or `sent` (outgoingStatus). */
  status: OutgoingStatus;
  /** How long the AI leaves the customer alone from now. */
  pauseMs: number;
  /** A WhatsApp template, kept in the message's metadata (the reconciler hands it over again from there). */
  template?: TemplateChoice;
  /** The member who sent it, kept in the message's metadata (docs/teams.md). */
  author?: { id: string; name?: string };
  /**
   * The client's Idempotency-Key, kept in the message's metadata: a reply to the same customer with the same
   * key is the one stored before (`repeated`), stored and sent once.
   */
  clientKey?: string;
}

interface RecipientRow {
  id: string;
  name: string;
  platform: CustomerPlatform;
  platform_username: string | null;
  page_id: string | null;
  last_inbound_at: string | null;
  is_test: boolean;
}

/** Which messages a page lists. */
export interface MessageFilter {
  /** `term` in the content (case-insensitive), or a message of one of `platforms` (the names the term is in). */
  search?: { term: string; platforms: readonly Platform[] };
  platform?: CustomerPlatform;
  status?: MessageStatus;
  customerId?: string;
  /** False: not the messages of test customers. */
  includeTest?: boolean;
  after?: Cursor;
}

interface IngestRow {
  customer_id: string;
  customer_created: boolean;
  message_id: string | null;
  auto_respond: boolean | null;
  response_delay: number | null;
  assignee_id: string | null;
}

/** The newest-first list of messages, read as MessageColumns. */
const LIST: NewestFirstList<MessageColumns, MessageResponse> = {
  table: 'messages',
  alias: 'm',
  at: 'timestamp',
  columns: MESSAGE_COLUMNS,
  map: messageFromColumns,
  position: messagePosition,
};

/**
 * A term with three letters or digits in a row has search keys (see Migration20261124000000); a
 * shorter one matches so many messages that walking the newest ones finds a page soonest.
 */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** A condition on the messages aliased `m`: their content contains a term, case-insensitively. */
export interface ContentMatch {
  sql: string;
  params: unknown[];
  /** Through the search index (search_keys): cheap in the number of matches, so take every match. */
  keyed: boolean;
}

/**
 * `term` in the content of the owner's messages `m`: through the (owner, trigram) search keys when the
 * term has any (hashes may collide, so the `like` stays beside them), else a plain `like` for the caller
 * to apply while walking the newest rows. Conversation search uses it too (conversations.queries.ts).
 */
export function contentMatch(ownerId: string, term: string): ContentMatch {
  if (HAS_TRIGRAM.test(term)) {
    return {
      sql: 'search_keys(m.owner_id, m.content) @> search_query_keys(?::uuid, ?) and lower(m.content) like ?',
      params: [ownerId, term, likePattern(term)],
      keyed: true,
    };
  }
  return { sql: 'lower(m.content) like ?', params: [likePattern(term)], keyed: false };
}

/** The SQL of messages: the only place that reads or writes their tables. */
@Injectable()
export class MessagesQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores the inbound message as pending with its customer and conversation, in one statement (so one
   * transaction); a message whose platform id is stored already is not stored again. The customer is found by
   * (owner, platform, username), or added; their row is written only when they change: a name for an unnamed
   * customer, or another page they wrote to. Everything that changes with each message is the conversation's
   * (conversation-state.ts): the last contact, the latest time they wrote (Meta's window; a channel's time in
   * the future counts as now), and for a new message (not a redelivered one) the latest activity and newest
   * message, one more unread, and reopened if the owner had closed it. Attachments go in the message's metadata.
   *
   * A customer added by another statement at the same moment (after this one began, so not found) makes the
   * insert meet theirs: it then updates it as the conflict says and goes on with it. Whether the message was
   * stored before is asked from the conversation's row being updated (the statement cannot update that row
   * again once the message is inserted): by its owner, so that the unique (owner, platform, platform message
   * id) index answers it. With the owner as a parameter, a new owner whom the planner's statistics do not know
   * yet was estimated at one message, and the check walked all of that owner's messages instead (ever slower
   * as they grew). Two copies of one platform message stored at the same instant would both count as unread,
   * and the newest message could carry the id of the copy not stored (one is stored).
   */
  async storeInbound(m: NewInboundMessage): Promise<InboundStored> {
    const [row] = await sql<IngestRow>(
      this.em,
      `with found as (
         select id, name, is_test from customers
          where owner_id = ? and platform = ? and platform_username = ? and is_test = ?
       ), added as (
         insert into customers (id, owner_id, name, platform, platform_username, page_id, is_test)
         select ?, ?, ?, ?, ?, ?, ? where not exists (select from found)
         on conflict (owner_id, platform, platform_username, is_test) do update
           set name = case when customers.name = '' then excluded.name else customers.name end,
               page_id = coalesce(excluded.page_id, customers.page_id)
         returning id, name, is_test, (xmax = 0) as created
       ), changed as (
         update customers c set name = case when c.name = '' then ? else c.name end, page_id = coalesce(?, c.page_id)
           from found f
          where c.id = f.id and ((c.name = '' and ? <> '') or c.page_id is distinct from coalesce(?, c.page_id))
         returning c.id, c.name
       ), customer as (
         select id, name, is_test, created from added
         union all
         select f.id, coalesce(changed.name, f.name), f.is_test, false from found f left join changed on changed.id = f.id
       ), conversation as (
         insert into conversations (customer_id, owner_id, last_contact, last_inbound_at, unread_count, ${LAST_MESSAGE_COLUMNS.join(', ')})
         select customer.id, ?, now(), least(coalesce(?::timestamptz, now()), now()), 1,
                ${lastMessageValues({ id: '?::uuid', content: '?', direction: `'incoming'`, aiGenerated: 'false' })}
           from customer
         on conflict (customer_id) do update set last_contact = now(),
           last_inbound_at = greatest(conversations.last_inbound_at, excluded.last_inbound_at),
           (last_message_at, unread_count, closed_at, ${LAST_MESSAGE_COLUMNS.join(', ')}) = (
             select case when k.stored then conversations.last_message_at else greatest(conversations.last_message_at, now()) end,
                    conversations.unread_count + case when k.stored then 0 else 1 end,
                    case when k.stored then conversations.closed_at end,
                    ${LAST_MESSAGE_COLUMNS.map((column) => `case when k.stored then conversations.${column} else excluded.${column} end`).join(', ')}
               from (select exists (select from messages
                                     where owner_id = conversations.owner_id and platform = ?
                                       and platform_message_id = ?) as stored) k)
         returning assignee_id
       ), message as (
         insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, platform_message_id, metadata, is_test)
         select ?, ?, customer.id, customer.name, ?, ?, 'incoming', ?, ?::jsonb, customer.is_test from customer
         on conflict (owner_id, platform, platform_message_id) do nothing
         returning id
       )
       select customer.id as customer_id, customer.created as customer_created, message.id as message_id,
              config.auto_respond, config.response_delay,
              (select assignee_id from conversation) as assignee_id
         from customer
         left join message on true
         left join ai_configs config on config.owner_id = ?`,
      [
        // found
        m.ownerId,
        m.platform,
        m.platformUsername,
        m.isTest,
        // added
        m.customerId,
        m.ownerId,
        m.senderName,
        m.platform,
        m.platformUsername,
        m.pageId,
        m.isTest,
        // changed
        m.senderName,
        m.pageId,
        m.senderName,
        m.pageId,
        // conversation
        m.ownerId,
        m.sentAt,
        m.messageId,
        m.content,
        m.platform,
        m.platformMessageId,
        // message
        m.messageId,
        m.ownerId,
        m.platform,
        m.content,
        m.platformMessageId,
        m.attachments.length > 0 ? JSON.stringify({ attachments: m.attachments }) : null,
        m.ownerId,
      ],
    );
    return {
      customerId: row.customer_id,
      customerCreated: row.customer_created,
      messageStored: row.message_id !== null,
      autoRespond: row.auto_respond,
      responseDelay: row.response_delay,
      assigneeId: row.assignee_id,
    };
  }

  /** The id of the owner's message with this platform id. */
  async idByPlatformId(ownerId: string, platform: Platform, platformMessageId: string): Promise<string> {
    const [row] = await sql<{ id: string }>(
      this.em,
      'select id from messages where owner_id = ? and platform = ? and platform_message_id = ?',
      [ownerId, platform, platformMessageId],
    );
    return row.id;
  }

  /**
   * Newest first, `limit` messages after `filter.after`. A keyed search takes every match through the
   * search index and sorts their positions; only the page's rows are then read whole. Its cost follows
   * the number of matches. (Walking the newest rows until enough match, the planner's choice for a
   * LIMIT, reads ~100 rows per match of a 1 % term.) Otherwise — no search, a term naming a platform, a
   * term too short for keys — the newest-first index gives the page (see newestFirstPage).
   */
  page(ownerId: string, filter: MessageFilter, limit: number): Promise<Page<MessageResponse>> {
    const where = ['m.owner_id = ?'];
    const params: unknown[] = [ownerId];
    let keyed = false;
    const { search } = filter;
    if (search) {
      if (search.platforms.length > 0) {
        where.push(
          `(lower(m.content) like ? or m.platform in (${search.platforms.map(() => '?').join(', ')}))`,
        );
        params.push(likePattern(search.term), ...search.platforms);
      } else {
        const match = contentMatch(ownerId, search.term);
        where.push(match.sql);
        params.push(...match.params);
        keyed = match.keyed;
      }
    }
    if (filter.platform) {
      where.push('m.platform = ?');
      params.push(filter.platform);
    }
    if (filter.status) {
      where.push('m.status = ?');
      params.push(filter.status);
    }
    if (filter.customerId) {
      where.push('m.customer_id = ?');
      params.push(filter.customerId);
    } else {
      // Mails to a customer's subscriber show in their thread only: they are not chat messages.
      where.push(`m.kind = 'chat'`);
    }
    if (filter.includeTest === false) where.push('not m.is_test');
    return newestFirstPage(this.em, LIST, { where, params, after: filter.after, viaHits: keyed }, limit);
  }

  /** The owner's customer, by id or by their id on a platform; undefined when the owner has none such. */
  async recipient(
    ownerId: string,
    by: { id: string } | { platform: Platform; platformUsername: string },
  ): Promise<Recipient | undefined> {
    const [row] = await sql<RecipientRow>(
      this.em,
      `select c.id, c.name, c.platform, c.platform_username, c.page_id, v.last_inbound_at, c.is_test
         from customers c ${conversationOf('c', 'v')}
        where c.owner_id = ? and ${'id' in by ? 'c.id = ?' : 'c.platform = ? and c.platform_username = ?'}
        order by c.is_test limit 1`,
      'id' in by ? [ownerId, by.id] : [ownerId, by.platform, by.platformUsername],
    );
    return (
      row && {
        id: row.id,
        name: row.name,
        platform: row.platform,
        platformUsername: row.platform_username ?? '',
        pageId: row.page_id,
        lastInboundAt: row.last_inbound_at === null ? null : isoTime(row.last_inbound_at),
        isTest: row.is_test,
      }
    );
  }

  /**
   * In one transaction, with the customer's conversation row locked: stores the owner's reply as outgoing
   * (not AI) with `status` (`queued` when it is to be delivered), marks the customer's pending inbound messages
   * responded (with their response time), and in the conversation (not the customer's row) sets the last
   * contact, pauses the AI for `pauseMs`, its latest activity and newest message, read (the owner answered
   * it), and no longer waiting for a person. Undefined, storing nothing, when the owner has no such customer.
   */
  async storeOwnerReply(r: OwnerReply): Promise<{ message: MessageResponse; repeated: boolean } | undefined> {
    // sql() on the transactional EntityManager runs on the transaction's connection.
    return this.em.transactional(async (em) => {
      const [customer] = await sql<{ platform: string; name: string; is_test: boolean }>(
        em,
        `select c.platform, c.name, c.is_test from customers c ${conversationOf('c', 'v')}
          where c.id = ? and c.owner_id = ? for update of v`,
        [r.customerId, r.ownerId],
      );
      if (!customer) return undefined;
      if (r.clientKey !== undefined) {
        // Under the conversation's row lock: a retry waits for the first request and finds its reply.
        const [earlier] = await sqlTuples<MessageColumns>(
          em,
          `select ${MESSAGE_COLUMNS.join(', ')} from messages
            where customer_id = ? and owner_id = ? and direction = 'outgoing' and metadata->>'clientKey' = ?
            limit 1`,
          [r.customerId, r.ownerId, r.clientKey],
        );
        if (earlier) return { message: messageFromColumns(earlier), repeated: true };
      }
      const metadata = {
        ...(r.template ? { template: r.template } : {}),
        ...(r.clientKey !== undefined ? { clientKey: r.clientKey } : {}),
        ...(r.author ? { author: r.author } : {}),
      };
      const [row] = await sqlTuples<MessageColumns>(
        em,
        `insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status, ai_generated,
                               metadata, is_test)
         values (?, ?, ?, ?, ?, ?, 'outgoing', ?, false, ?::jsonb, ?)
         returning ${MESSAGE_COLUMNS.join(', ')}`,
        [
          r.replyId,
          r.ownerId,
          r.customerId,
          customer.name,
          customer.platform,
          r.content,
          r.status,
          Object.keys(metadata).length > 0 ? JSON.stringify(metadata) : null,
          customer.is_test,
        ],
      );
      await sql(
        em,
        `update messages set status = 'responded', response_time = greatest(0, round(extract(epoch from now() - timestamp)))::int
          where customer_id = ? and owner_id = ? and direction = 'incoming' and status = 'pending'`,
        [r.customerId, r.ownerId],
      );
      await sql(
        em,
        `update conversations set last_contact = now(), ai_paused_until = now() + make_interval(secs => ?::float8 / 1000),
                last_message_at = greatest(last_message_at, now()), unread_count = 0, needs_human = false,
                ${setLastMessage({ id: '?::uuid', content: '?', direction: `'outgoing'`, aiGenerated: 'false', authorId: '?::uuid' })}
          where customer_id = ?`,
        [r.pauseMs, r.replyId, r.content, r.author?.id ?? null, r.customerId],
      );
      return { message: messageFromColumns(row), repeated: false };
    });
  }
}
