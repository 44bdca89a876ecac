import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type RawReply, sql, sqlTuples } from '@parley/server-kit';
import {
  DomainException,
  ErrorCode,
  type IngestMessageResult,
  type ListMessagesQueryDto,
  type MessageResponse,
  PLATFORMS,
  type ReplyMessageDto,
  type SimulateMessageDto,
} from '@parley/contracts';
import { ReplyQueue } from '../replies/reply-queue';
import { decodeCursor, fetchLimit, likePattern, toPageReply } from '../shared/cursor';
import { OwnerEvents } from '../shared/owner-events';
import { requireUuid } from '../shared/uuid';
import {
  MESSAGE_COLUMNS,
  type MessageColumns,
  messageFromColumns,
  type MessageRow,
  toMessageResponse,
} from './message.mapper';

/** A list's select clause: the columns of MessageColumns, in their order. */
const PAGE_SELECT = `select ${MESSAGE_COLUMNS.map((column) => `m.${column}`).join(', ')}`;

interface IngestRow {
  customer_id: string;
  customer_created: boolean;
  message_id: string | null;
  auto_respond: boolean | null;
  response_delay: number | null;
}

/**
 * A term with three letters or digits in a row has search keys (see Migration20261124000000); a
 * shorter one matches so many messages that walking the newest ones finds a page soonest.
 */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** Customer messages in, the owner's replies out, and the inbox. */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly replies: ReplyQueue,
    private readonly events: OwnerEvents,
  ) {}

  /**
   * Stores an inbound message and its customer in one statement (so, one transaction), then schedules
   * the reply. A message whose platform id was stored before is acknowledged and not stored again.
   * If the queue is unreachable the message is still stored; the reconciler schedules it later.
   */
  async ingest(
    ownerId: string,
    dto: SimulateMessageDto & { platformMessageId?: string },
  ): Promise<IngestMessageResult> {
    const messageId = randomUUID();
    const [row] = await sql<IngestRow>(
      this.em,
      `with customer as (
         insert into customers (id, owner_id, name, platform, platform_username, last_contact)
         values (?, ?, ?, ?, ?, now())
         on conflict (owner_id, platform, platform_username) do update set last_contact = now()
         returning id, name, (xmax = 0) as created
       ), message as (
         insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, platform_message_id)
         select ?, ?, customer.id, customer.name, ?, ?, 'incoming', ? from customer
         on conflict (owner_id, platform, platform_message_id) do nothing
         returning id
       )
       select customer.id as customer_id, customer.created as customer_created, message.id as message_id,
              config.auto_respond, config.response_delay
         from customer
         left join message on true
         left join ai_configs config on config.owner_id = ?`,
      [
        randomUUID(),
        ownerId,
        dto.senderName,
        dto.platform,
        dto.platformUsername,
        messageId,
        ownerId,
        dto.platform,
        dto.content,
        dto.platformMessageId ?? `local-${messageId}`,
        ownerId,
      ],
    );
    if (row.message_id === null) {
      const [earlier] = await sql<{ id: string }>(
        this.em,
        'select id from messages where owner_id = ? and platform = ? and platform_message_id = ?',
        [ownerId, dto.platform, dto.platformMessageId],
      );
      return { messageId: earlier.id, customerId: row.customer_id, stored: false };
    }
    if (row.auto_respond ?? true) await this.schedule(messageId, ownerId, row.response_delay ?? 30);
    if (row.customer_created) {
      this.events.emit(ownerId, {
        type: 'new_customer',
        message: `New customer: ${dto.senderName}`,
        data: { customerId: row.customer_id },
      });
    }
    this.events.emit(ownerId, {
      type: 'new_message',
      message: `New message from ${dto.senderName}`,
      data: { messageId, customerId: row.customer_id },
    });
    return { messageId, customerId: row.customer_id, stored: true };
  }

  /** Newest first; `q` matches content or platform, case-insensitively; `customerId` gives one thread. */
  async list(ownerId: string, query: ListMessagesQueryDto): Promise<RawReply> {
    const where = ['m.owner_id = ?'];
    const params: unknown[] = [ownerId];
    const q = query.q;
    let keyed = false;
    if (q) {
      const platforms = PLATFORMS.filter((p) => p.includes(q.toLowerCase()));
      keyed = platforms.length === 0 && HAS_TRIGRAM.test(q);
      if (platforms.length > 0) {
        where.push(`(lower(m.content) like ? or m.platform in (${platforms.map(() => '?').join(', ')}))`);
        params.push(likePattern(q), ...platforms);
      } else if (keyed) {
        where.push(
          'search_keys(m.owner_id, m.content) @> search_query_keys(?::uuid, ?)',
          'lower(m.content) like ?',
        );
        params.push(ownerId, q, likePattern(q));
      } else {
        where.push('lower(m.content) like ?');
        params.push(likePattern(q));
      }
    }
    if (query.platform) {
      where.push('m.platform = ?');
      params.push(query.platform);
    }
    if (query.status) {
      where.push('m.status = ?');
      params.push(query.status);
    }
    if (query.customerId) {
      where.push('m.customer_id = ?');
      params.push(requireUuid(query.customerId, 'Customer'));
    }
    const after = decodeCursor(query.cursor);
    if (after) {
      where.push('(m.timestamp, m.id) < (?, ?)');
      params.push(after.at, after.id);
    }
    const order = 'order by m.timestamp desc, m.id desc';
    // A keyed search takes every match through the search index and sorts their positions; only the
    // page's rows are then read whole. Its cost follows the number of matches. (Walking the newest rows
    // until enough match, the planner's choice for a LIMIT, reads ~100 rows per match of a 1 % term.)
    // Otherwise — no search, a term naming a platform, a term too short for keys — the newest-first
    // index gives the page.
    const take = fetchLimit(query.limit);
    const text = keyed
      ? `with hits as materialized (select m.id, m.timestamp from messages m where ${where.join(' and ')}),
              top as (select id from hits m ${order} limit ${take})
         ${PAGE_SELECT} from top join messages m on m.id = top.id ${order}`
      : `${PAGE_SELECT} from messages m where ${where.join(' and ')} ${order} limit ${take}`;
    const rows = await sqlTuples<MessageColumns>(this.em, text, params);
    return toPageReply(rows, query.limit, messageFromColumns, (row) => ({ at: row[8], id: row[0] }));
  }

  /** The owner answers by hand: stored as outgoing (not AI), and the customer's pending messages count as answered. */
  async reply(ownerId: string, dto: ReplyMessageDto): Promise<MessageResponse> {
    const customerId = requireUuid(dto.customerId, 'Customer');
    const message = await this.em.transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      const [customer] = await conn.execute<{ platform: string; name: string }[]>(
        'select platform, name from customers where id = ? and owner_id = ? for update',
        [customerId, ownerId],
        'all',
        ctx,
      );
      if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
      const [row] = await conn.execute<MessageRow[]>(
        `insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status, ai_generated)
         values (?, ?, ?, ?, ?, ?, 'outgoing', 'sent', false)
         returning id, customer_id, customer_name, platform, content, direction, status, ai_generated, timestamp, response_time`,
        [randomUUID(), ownerId, customerId, customer.name, customer.platform, dto.content],
        'all',
        ctx,
      );
      await conn.execute(
        `update messages set status = 'responded', response_time = greatest(0, round(extract(epoch from now() - timestamp)))::int
          where customer_id = ? and owner_id = ? and direction = 'incoming' and status = 'pending'`,
        [customerId, ownerId],
        'run',
        ctx,
      );
      await conn.execute('update customers set last_contact = now() where id = ?', [customerId], 'run', ctx);
      return toMessageResponse(row);
    });
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `Reply sent to ${message.customerName ?? 'customer'}`,
      data: { messageId: message.id, customerId },
    });
    return message;
  }

  private async schedule(messageId: string, ownerId: string, delaySeconds: number): Promise<void> {
    try {
      await this.replies.schedule({ messageId, ownerId }, delaySeconds * 1000);
    } catch (error) {
      this.logger.warn(`reply for ${messageId} not queued yet (${String(error)}); the reconciler will`);
    }
  }
}
