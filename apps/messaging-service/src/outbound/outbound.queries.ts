import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryRequest, DeliveryStatusData, Platform, TemplateChoice } from '@parley/contracts';
import { sql } from '@parley/server-kit';
import { setLastMessage } from '../conversations/last-message';
import type { DeliveryTarget } from './delivery-request';

/** A page's own reply to a customer (Meta's echo), to store. */
export interface EchoToStore {
  ownerId: string;
  platform: string;
  /** The customer's platform id. */
  recipientId: string;
  platformMessageId: string;
  content: string;
  messageId: string;
  pauseMs: number;
}

export interface StoredEcho {
  customerId: string;
  customerName: string;
  /** False when this platform message was stored before (nothing changed now). */
  stored: boolean;
}

/** One status report of an outgoing message, for the owner it belongs to. */
export type StatusReport = DeliveryStatusData & { ownerId: string };

/** An outgoing message whose status moved. */
export interface StatusMoved {
  messageId: string;
  customerId: string;
  status: string;
  failureReason: string | null;
}

/** An outgoing message still waiting for integrations-service to take it. */
export interface QueuedMessage extends DeliveryTarget {
  id: string;
  ownerId: string;
  content: string;
  /** A WhatsApp template a person sent; null for a text. */
  template: TemplateChoice | null;
  /** `ai` for an AI reply and for the owner's away message (sent automatically, so Meta's AI window applies). */
  writtenBy: DeliveryRequest['writtenBy'];
}

/** Where an outgoing message goes on the way to the customer; `failed` only from `queued` or `sent`. */
const DELIVERY_ORDER = ['queued', 'sent', 'delivered', 'read'];

interface QueuedRow {
  id: string;
  owner_id: string;
  content: string;
  template: TemplateChoice | null;
  automated: boolean;
  platform: Platform;
  page_id: string;
  platform_username: string;
}

/** The SQL of messages on their way out through a channel, and of what the channel tells about them. */
@Injectable()
export class OutboundQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * In one statement: stores the echo as an outgoing, not-AI, sent message of the customer (once per
   * platform message id), marks the customer's pending messages responded and pauses the AI for them for
   * `pauseMs`. A person answered: the conversation is read, no longer needs a person, and has the echo as
   * its newest message (the conversation's row, not the customer's). Undefined when the owner has no
   * customer with this platform id.
   */
  async storeEcho(e: EchoToStore): Promise<StoredEcho | undefined> {
    const [row] = await sql<{ customer_id: string; name: string; stored: boolean }>(
      this.em,
      `with customer as (
         select id, name, platform from customers
          where owner_id = ? and platform = ? and platform_username = ? and not is_test
       ), echo as (
         insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status, ai_generated, platform_message_id)
         select ?, ?, c.id, c.name, c.platform, ?, 'outgoing', 'sent', false, ? from customer c
         on conflict (owner_id, platform, platform_message_id) do nothing
         returning id, customer_id, content
       ), answered as (
         update messages m set status = 'responded',
                response_time = greatest(0, round(extract(epoch from now() - m.timestamp)))::int
           from echo
          where m.customer_id = echo.customer_id and m.direction = 'incoming' and m.status = 'pending'
       ), paused as (
         update conversations v set last_contact = now(),
                ai_paused_until = greatest(v.ai_paused_until, now() + make_interval(secs => ?::float8 / 1000)),
                last_message_at = greatest(v.last_message_at, now()), unread_count = 0, needs_human = false,
                ${setLastMessage({ id: 'echo.id', content: 'echo.content', direction: `'outgoing'`, aiGenerated: 'false' })}
           from echo
          where v.customer_id = echo.customer_id
       )
       select c.id as customer_id, c.name, (echo.customer_id is not null) as stored
         from customer c left join echo on true`,
      [
        e.ownerId,
        e.platform,
        e.recipientId,
        e.messageId,
        e.ownerId,
        e.content,
        e.platformMessageId,
        e.pauseMs,
      ],
    );
    return row && { customerId: row.customer_id, customerName: row.name, stored: row.stored };
  }

  /**
   * Applies status reports in one statement, each to its owner's outgoing message, forward only (see
   * DELIVERY_ORDER): a late `sent` never undoes `delivered`, nothing moves a `failed` message. The
   * platform's message id is kept from the first report that has it, unless another message of the owner
   * already has it (the echo of a message sent from the page's inbox). A message appears at most once
   * in `reports`. Answers the messages whose status moved. No index of `messages` reads the status
   * (Migration20261210200000): past the first `sent`, which ends the wait for delivery and brings the
   * platform id, each move stays in the row's page (a heap-only update).
   */
  async applyStatuses(reports: readonly StatusReport[]): Promise<StatusMoved[]> {
    const input = reports.map((r) => ({
      message_id: r.messageId,
      owner_id: r.ownerId,
      status: r.status,
      platform_message_id: r.platformMessageId ?? null,
      reason: r.reason ?? null,
    }));
    const rows = await sql<{
      id: string;
      customer_id: string;
      status: string;
      failure_reason: string | null;
      moved: boolean;
    }>(
      this.em,
      `with input as (
         select * from jsonb_to_recordset(?::jsonb)
           as i(message_id uuid, owner_id uuid, status text, platform_message_id text, reason text)
       ), reports as (
         select i.*, m.status as was,
                (case when i.status = 'failed' then m.status in ('queued', 'sent')
                      else array_position(?::text[], m.status) < array_position(?::text[], i.status) end) as moves
           from input i join messages m on m.id = i.message_id and m.owner_id = i.owner_id and m.direction = 'outgoing'
       )
       update messages m set
              status = case when r.moves then r.status else m.status end,
              failure_reason = case when r.moves and r.status = 'failed' then r.reason else m.failure_reason end,
              platform_message_id = case
                when m.platform_message_id is not null or exists (
                  select from messages x where x.owner_id = m.owner_id and x.platform = m.platform
                     and x.platform_message_id = r.platform_message_id) then m.platform_message_id
                else r.platform_message_id end
         from reports r
        where m.id = r.message_id and m.status = r.was
          and (r.moves or (m.platform_message_id is null and r.platform_message_id is not null))
       returning m.id, m.customer_id, m.status, m.failure_reason, r.moves as moved`,
      [JSON.stringify(input), DELIVERY_ORDER, DELIVERY_ORDER],
    );
    return rows
      .filter((row) => row.moved)
      .map((row) => ({
        messageId: row.id,
        customerId: row.customer_id,
        status: row.status,
        failureReason: row.failure_reason,
      }));
  }

  /**
   * Outgoing messages queued longer than `olderThanSeconds` (integrations-service should have reported
   * them sent by then: it may never have received them), oldest first, at most `limit`. Asked for as
   * `awaiting = 'delivery'`, the predicate of their partial index (Migration20261210200000).
   */
  async queued(olderThanSeconds: number, limit: number): Promise<QueuedMessage[]> {
    const rows = await sql<QueuedRow>(
      this.em,
      `select m.id, m.owner_id, m.content, m.metadata -> 'template' as template, c.platform, c.page_id,
              c.platform_username,
              (m.ai_generated or coalesce((m.metadata ->> 'awayMessage')::boolean, false)) as automated
         from messages m join customers c on c.id = m.customer_id
        where m.awaiting = 'delivery' and m.timestamp < now() - make_interval(secs => ?::float8)
          and c.page_id is not null
        order by m.timestamp limit ?::int`,
      [olderThanSeconds, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      ownerId: row.owner_id,
      content: row.content,
      template: row.template,
      writtenBy: row.automated ? 'ai' : 'human',
      platform: row.platform,
      pageId: row.page_id,
      platformUsername: row.platform_username,
    }));
  }
}
