import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignStatus } from '@parley/contracts';
import { isoTime, sql, sqlTuples } from '@parley/server-kit';
import { inAudience } from '../campaigns/audience';
import { type CampaignRow, EMAIL_CAMPAIGNS } from '../campaigns/campaign.mapper';

/** A delivery claimed for sending, with what its mail is made of. */
export interface ClaimedDelivery {
  id: string;
  owner_id: string;
  /** Null for a sequence's mail. */
  campaign_id: string | null;
  subscriber_id: string;
  subscriber_status: string;
  /** Tries so far, this one included (a rate put-off is not one). */
  attempts: number;
  /** The messaging customer the subscriber was made from: the mail is kept in their thread too. */
  customer_id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  subject: string;
  html_content: string;
  text_content: string | null;
}

/** A sent mail to keep in the customer's conversation (email_thread_items). */
export interface ThreadItem {
  deliveryId: string;
  ownerId: string;
  customerId: string;
  subject: string;
  content: string;
  /** ISO. */
  sentAt: string;
}

/** Ids in a page of pendingIds, queued in one round (one addBulk to Redis). */
export const PENDING_PAGE = 1000;

/** How a delivery ended without being sent. */
export type Unsent = 'failed' | 'skipped';

/**
 * The SQL of sending campaigns: the state of a campaign as it goes draft/scheduled → sending → sent (or
 * paused), and of each delivery as it goes pending → sending → sent/failed/bounced/skipped. Every write
 * that moves a state says which state it moves from, so two replicas (or a retried job) never both win.
 */
@Injectable()
export class SendingQueries {
  constructor(private readonly em: EntityManager) {}

  /** Moves the owner's campaign from one of `from` to `to`; the row, or undefined when it was not in `from`. */
  async move(
    ownerId: string,
    id: string,
    from: readonly CampaignStatus[],
    to: CampaignStatus,
  ): Promise<CampaignRow | undefined> {
    const [row] = await sql<CampaignRow>(
      this.em,
      `update email_campaigns set status = ?, updated_at = now()
        where id = ? and owner_id = ? and status = any(?::text[]) returning ${EMAIL_CAMPAIGNS.columns}`,
      [to, id, ownerId, from],
    );
    return row;
  }

  /**
   * Starts sending, in one transaction: the campaign (still in one of `from`) becomes `sending`, and gets
   * one pending delivery per subscriber of its audience still subscribed (unique per campaign and subscriber,
   * so starting again adds none twice) and its total. Undefined when the campaign was not in `from`.
   */
  begin(ownerId: string, id: string, from: readonly CampaignStatus[]): Promise<CampaignRow | undefined> {
    return this.em.fork().transactional(async (em) => {
      const [moved] = await sql<{ id: string }>(
        em,
        `update email_campaigns set status = 'sending', updated_at = now()
          where id = ? and owner_id = ? and status = any(?::text[]) returning id`,
        [id, ownerId, from],
      );
      if (!moved) return undefined;
      await sql(
        em,
        `insert into email_deliveries (id, owner_id, campaign_id, subscriber_id)
         select gen_random_uuid(), s.owner_id, c.id, s.id
           from email_campaigns c join email_subscribers s on s.owner_id = c.owner_id
          where c.id = ? and s.status = 'subscribed' and ${inAudience('s.tags', 'c.audience_tags')}
         on conflict (campaign_id, subscriber_id) do nothing`,
        [id],
      );
      const [row] = await sql<CampaignRow>(
        em,
        `update email_campaigns
            set total_recipients = (select count(*) from email_deliveries where campaign_id = ?)
          where id = ? returning ${EMAIL_CAMPAIGNS.columns}`,
        [id, id],
      );
      return row;
    });
  }

  /** Whether the campaign has deliveries yet (a campaign paused before it started has none). */
  async hasDeliveries(campaignId: string): Promise<boolean> {
    const rows = await sql(this.em, 'select 1 from email_deliveries where campaign_id = ? limit 1', [campaignId]);
    return rows.length > 0;
  }

  /**
   * A page of the ids of the campaign's deliveries still to send, in id order after `after` (keyset, on the
   * (campaign_id, status, id) index): a campaign of any size is queued a page at a time.
   */
  async pendingIds(campaignId: string, after: string | null): Promise<string[]> {
    const rows = await sqlTuples<[string]>(
      this.em,
      `select id from email_deliveries
        where campaign_id = ? and status = 'pending'
          and id > coalesce(?::uuid, '00000000-0000-0000-0000-000000000000')
        order by id limit ${PENDING_PAGE}`,
      [campaignId, after],
    );
    return rows.map(([id]) => id);
  }

  /**
   * Claims a pending delivery of a campaign that is sending, or of a sequence that is on: it becomes
   * `sending`, committed before the mail goes out, so no other job sends it. Undefined when it is not
   * pending (sent, or claimed by another job) or its campaign is not sending (paused: the delivery stays
   * pending for resume). A campaign's mail is the campaign's content, a sequence's its step's template.
   */
  async claim(deliveryId: string): Promise<ClaimedDelivery | undefined> {
    const [row] = await this.claimMany([deliveryId]);
    return row;
  }

  /**
   * claim for a page of deliveries in one statement: those of `deliveryIds` still pending (and not locked by
   * another claim) become `sending` together; the others are left out, exactly as claim leaves them.
   */
  claimMany(deliveryIds: readonly string[]): Promise<ClaimedDelivery[]> {
    return sql<ClaimedDelivery>(
      this.em,
      `with target as (
         select d.id, s.status as subscriber_status, s.customer_id, s.email, s.first_name, s.last_name,
                coalesce(c.subject, t.subject) as subject, coalesce(c.html_content, t.html_content) as html_content,
                case when c.id is null then t.text_content else c.text_content end as text_content
           from email_deliveries d
           join email_subscribers s on s.id = d.subscriber_id
           left join email_campaigns c on c.id = d.campaign_id
           left join email_sequences q on q.id = d.sequence_id
           left join email_templates t on t.id = d.template_id and d.campaign_id is null
          where d.id = any(?::uuid[]) and d.status = 'pending'
            and (c.status = 'sending' or (d.campaign_id is null and q.is_active and t.id is not null))
          order by d.id
          for update of d skip locked)
       update email_deliveries d set status = 'sending', attempts = d.attempts + 1, claimed_at = now()
         from target where d.id = target.id
       returning d.id, d.owner_id, d.campaign_id, d.subscriber_id, target.subscriber_status, d.attempts,
                 target.customer_id, target.email, target.first_name, target.last_name, target.subject,
                 target.html_content, target.text_content`,
      [deliveryIds],
    );
  }

  /** Gives a claimed delivery back, unsent (to wait for its owner's rate, or for a retry after a 4xx). */
  async release(deliveryId: string, reason: string | null, uncount = false): Promise<void> {
    await this.releaseMany([deliveryId], reason, uncount);
  }

  /** release for several claimed deliveries in one statement. */
  async releaseMany(deliveryIds: readonly string[], reason: string | null, uncount = false): Promise<void> {
    if (deliveryIds.length === 0) return;
    await sql(
      this.em,
      `update email_deliveries set status = 'pending', error_message = ?,
              attempts = attempts - ?::int, claimed_at = null
        where id = any(?::uuid[]) and status = 'sending'`,
      [reason, uncount ? 1 : 0, deliveryIds],
    );
  }

  /**
   * Marks a claimed delivery sent and counts it on its campaign (if it has one), in one transaction, with the
   * copy for the customer's thread when there is one (`thread`, without `sentAt`: the row's sent_at). The item
   * to hand over to messaging-service, or undefined when there is none (or the delivery was not `sending`).
   */
  sent(
    delivery: ClaimedDelivery,
    messageId: string,
    thread?: Omit<ThreadItem, 'sentAt'>,
  ): Promise<ThreadItem | undefined> {
    return this.em.fork().transactional(async (em) => {
      const [marked] = await sql<{ sent_at: string }>(
        em,
        `update email_deliveries set status = 'sent', sent_at = now(), delivered_at = now(), message_id = ?, error_message = null
          where id = ? and status = 'sending' returning sent_at`,
        [messageId, delivery.id],
      );
      if (!marked) return undefined;
      if (delivery.campaign_id !== null) {
        await sql(em, 'update email_campaigns set sent_count = sent_count + 1 where id = ?', [delivery.campaign_id]);
      }
      if (!thread) return undefined;
      await sql(
        em,
        `insert into email_thread_items (delivery_id, owner_id, customer_id, subject, content, sent_at)
         values (?, ?, ?, ?, ?, ?::timestamptz) on conflict (delivery_id) do nothing`,
        [thread.deliveryId, thread.ownerId, thread.customerId, thread.subject, thread.content, marked.sent_at],
      );
      return { ...thread, sentAt: isoTime(marked.sent_at) };
    });
  }

  /**
   * sent for a page of mails the server took, in one transaction: the deliveries still `sending` become
   * `sent` with their Message-IDs, each campaign's sentCount grows by as many, and the thread copies of
   * those marked are written. The items to hand over to messaging-service.
   */
  sentMany(
    mails: readonly { delivery: ClaimedDelivery; messageId: string; thread?: Omit<ThreadItem, 'sentAt'> }[],
  ): Promise<ThreadItem[]> {
    if (mails.length === 0) return Promise.resolve([]);
    return this.em.fork().transactional(async (em) => {
      const marked = await sql<{ id: string; sent_at: string }>(
        em,
        `with marked as (
           update email_deliveries d
              set status = 'sent', sent_at = now(), delivered_at = now(), message_id = v.message_id, error_message = null
             from unnest(?::uuid[], ?::text[]) as v(id, message_id)
            where d.id = v.id and d.status = 'sending'
           returning d.id, d.campaign_id, d.sent_at),
         counted as ( -- run to completion though nothing reads it (PostgreSQL's rule for writes in WITH)
           update email_campaigns c set sent_count = c.sent_count + m.sent
             from (select campaign_id, count(*)::int as sent from marked
                    where campaign_id is not null group by campaign_id) m
            where c.id = m.campaign_id)
         select id, sent_at from marked`,
        [mails.map((m) => m.delivery.id), mails.map((m) => m.messageId)],
      );
      const sentAt = new Map(marked.map((row) => [row.id, row.sent_at]));
      const items = mails.flatMap(({ delivery, thread }) => {
        const at = sentAt.get(delivery.id);
        return thread && at !== undefined ? [{ ...thread, sentAt: isoTime(at) }] : [];
      });
      if (items.length > 0) {
        await sql(
          em,
          `insert into email_thread_items (delivery_id, owner_id, customer_id, subject, content, sent_at)
           select * from unnest(?::uuid[], ?::uuid[], ?::uuid[], ?::text[], ?::text[], ?::timestamptz[])
           on conflict (delivery_id) do nothing`,
          [
            items.map((i) => i.deliveryId),
            items.map((i) => i.ownerId),
            items.map((i) => i.customerId),
            items.map((i) => i.subject),
            items.map((i) => i.content),
            items.map((i) => i.sentAt),
          ],
        );
      }
      return items;
    });
  }

  /** Ends a claimed delivery unsent, with the reason. */
  async unsent(deliveryId: string, status: Unsent, reason: string): Promise<void> {
    await sql(
      this.em,
      `update email_deliveries set status = ?, error_message = ? where id = ? and status = 'sending'`,
      [status, reason, deliveryId],
    );
  }

  /** The server refused the address for good: the delivery is bounced, and so is the subscriber. */
  bounced(delivery: ClaimedDelivery, reason: string): Promise<void> {
    return this.em.fork().transactional(async (em) => {
      await sql(
        em,
        `update email_deliveries set status = 'bounced', error_message = ? where id = ? and status = 'sending'`,
        [reason, delivery.id],
      );
      await sql(
        em,
        `update email_subscribers set status = 'bounced', updated_at = now() where id = ? and status = 'subscribed'`,
        [delivery.subscriber_id],
      );
    });
  }

  /** A sending campaign with no delivery left to send is sent; whether this call made it so. */
  async finishIfDone(campaignId: string): Promise<boolean> {
    const rows = await sql(
      this.em,
      `update email_campaigns set status = 'sent', sent_at = now(), updated_at = now()
        where id = ? and status = 'sending'
          and not exists (select 1 from email_deliveries
                           where campaign_id = ? and status in ('pending', 'sending'))
        returning id`,
      [campaignId, campaignId],
    );
    return rows.length > 0;
  }

  /** Scheduled campaigns whose time has come (their start job may have been lost with Redis). */
  dueScheduled(): Promise<{ id: string; owner_id: string }[]> {
    return sql(
      this.em,
      `select id, owner_id from email_campaigns where status = 'scheduled' and scheduled_at <= now() limit 100`,
    );
  }

  /** Sending campaigns, to queue their pending deliveries again (their jobs may have been lost with Redis). */
  sending(): Promise<{ id: string; owner_id: string }[]> {
    return sql(this.em, `select id, owner_id from email_campaigns where status = 'sending' limit 1000`);
  }

  /**
   * Deliveries claimed longer ago than `seconds` by a worker that never finished (it was killed during the
   * SMTP conversation): the mail may have gone out, so they are never sent again but marked failed. The
   * campaigns they belong to.
   */
  async failAbandoned(seconds: number): Promise<{ campaign_id: string; owner_id: string }[]> {
    const rows = await sql<{ campaign_id: string; owner_id: string }>(
      this.em,
      `update email_deliveries
          set status = 'failed', error_message = 'Interrupted while sending; not sent again, to send no one the campaign twice'
        where status = 'sending' and claimed_at < now() - make_interval(secs => ?) returning campaign_id, owner_id`,
      [seconds],
    );
    return [...new Map(rows.map((row) => [row.campaign_id, row])).values()];
  }
}
