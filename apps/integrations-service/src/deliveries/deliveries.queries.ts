import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryRequest, DeliveryState, ChannelPlatform, TemplateChoice } from '@parley/contracts';
import { isoTime, sql } from '@parley/server-kit';

/** A delivery to send, with what sending it needs. */
export interface DeliveryToSend {
  messageId: string;
  ownerId: string;
  platform: ChannelPlatform;
  pageId: string;
  recipientId: string;
  text: string;
  /** WhatsApp: sent as this approved template. */
  template: TemplateChoice | null;
  writtenBy: DeliveryRequest['writtenBy'];
  status: 'queued' | DeliveryState;
  platformMessageId: string | null;
  failureReason: string | null;
  /** The page's token, sealed (SecretBox); null when the owner no longer has the page connected. */
  pageTokenEnc: string | null;
  /** When the customer last wrote to the page, ISO (the platform's window); null when unknown. */
  lastInboundAt: string | null;
}

/** A message that went out. */
export interface SentDelivery {
  messageId: string;
  platformMessageId: string;
  attempts: number;
}

interface DeliveryRow {
  message_id: string;
  owner_id: string;
  platform: ChannelPlatform;
  page_id: string;
  recipient_id: string;
  text: string;
  template: TemplateChoice | null;
  written_by: DeliveryRequest['writtenBy'];
  status: DeliveryToSend['status'];
  platform_message_id: string | null;
  failure_reason: string | null;
  page_token_enc: string | null;
  last_inbound_at: string | null;
}

/** The SQL of outgoing messages: the only place that reads or writes `deliveries`. */
@Injectable()
export class DeliveriesQueries {
  constructor(private readonly em: EntityManager) {}

  /** Stores the messages, each once (a message handed over again changes nothing), in one statement. */
  async insert(deliveries: readonly (DeliveryRequest & { ownerId: string })[]): Promise<void> {
    const input = deliveries.map((d) => ({
      message_id: d.messageId,
      owner_id: d.ownerId,
      platform: d.platform,
      page_id: d.pageId,
      recipient_id: d.recipientId,
      text: d.text,
      template: d.template ?? null,
      written_by: d.writtenBy,
    }));
    await sql(
      this.em,
      `insert into deliveries (message_id, owner_id, platform, page_id, recipient_id, text, template, written_by)
       select * from jsonb_to_recordset(?::jsonb)
         as i(message_id uuid, owner_id uuid, platform text, page_id text, recipient_id text, text text,
              template jsonb, written_by text)
       on conflict (message_id) do nothing`,
      [JSON.stringify(input)],
    );
  }

  /**
   * The deliveries of `messageIds`, in their order (undefined for none), each with its owner's active page's
   * sealed token and when the customer last wrote to that page.
   */
  async toSend(messageIds: readonly string[]): Promise<(DeliveryToSend | undefined)[]> {
    const rows = await sql<DeliveryRow>(
      this.em,
      `select d.message_id, d.owner_id, d.platform, d.page_id, d.recipient_id, d.text, d.template, d.written_by,
              d.status,
              d.platform_message_id, d.failure_reason, p.access_token_enc as page_token_enc, c.last_inbound_at
         from deliveries d
         left join pages p on p.platform = d.platform and p.page_id = d.page_id and p.owner_id = d.owner_id
                          and p.is_active
         left join contacts c on c.platform = d.platform and c.page_id = d.page_id and c.user_id = d.recipient_id
                             and c.owner_id = d.owner_id
        where d.message_id = any(?::uuid[])`,
      [messageIds],
    );
    const byId = new Map(rows.map((row) => [row.message_id, row]));
    return messageIds.map((id) => {
      const row = byId.get(id);
      return (
        row && {
          messageId: row.message_id,
          ownerId: row.owner_id,
          platform: row.platform,
          pageId: row.page_id,
          recipientId: row.recipient_id,
          text: row.text,
          template: row.template,
          writtenBy: row.written_by,
          status: row.status,
          platformMessageId: row.platform_message_id,
          failureReason: row.failure_reason,
          pageTokenEnc: row.page_token_enc,
          lastInboundAt: row.last_inbound_at === null ? null : isoTime(row.last_inbound_at),
        }
      );
    });
  }

  /** Marks the messages sent, those still queued, in one statement. */
  async markSent(sent: readonly SentDelivery[]): Promise<void> {
    const input = sent.map((s) => ({
      message_id: s.messageId,
      platform_message_id: s.platformMessageId,
      attempts: s.attempts,
    }));
    await sql(
      this.em,
      `update deliveries d set status = 'sent', platform_message_id = i.platform_message_id, attempts = i.attempts,
              sent_at = now(), updated_at = now()
         from jsonb_to_recordset(?::jsonb) as i(message_id uuid, platform_message_id text, attempts int)
        where d.message_id = i.message_id and d.status = 'queued'`,
      [JSON.stringify(input)],
    );
  }

  /** Marks the message failed with the reason, if it is still queued; false when it was not. */
  async markFailed(messageId: string, reason: string, attempts: number): Promise<boolean> {
    const rows = await sql(
      this.em,
      `update deliveries set status = 'failed', failure_reason = ?, attempts = greatest(attempts, ?), updated_at = now()
        where message_id = ? and status = 'queued'
        returning message_id`,
      [reason, attempts, messageId],
    );
    return rows.length > 0;
  }

  /** Counts a failed attempt that will be retried. */
  async countAttempt(messageId: string, attempts: number): Promise<void> {
    await sql(
      this.em,
      `update deliveries set attempts = greatest(attempts, ?), updated_at = now() where message_id = ? and status = 'queued'`,
      [attempts, messageId],
    );
  }

  /** Messages queued for more than `olderThanSeconds`, oldest first, at most `limit`. */
  async queued(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows = await sql<{ message_id: string }>(
      this.em,
      `select message_id from deliveries
        where status = 'queued' and created_at < now() - make_interval(secs => ?::float8)
        order by created_at limit ?::int`,
      [olderThanSeconds, limit],
    );
    return rows.map((row) => row.message_id);
  }
}
