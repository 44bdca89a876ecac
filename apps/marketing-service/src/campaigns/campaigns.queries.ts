import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignResponse, CampaignStatus } from '@parley/contracts';
import { type Cursor, type Page, sql } from '@parley/server-kit';
import { deleteOwned, insertRow, ownedPage, ownedRow, updateOwned } from '../shared/owned-rows';
import { inAudience } from './audience';
import { type CampaignRow, EMAIL_CAMPAIGNS } from './campaign.mapper';

/** A campaign's columns as the owner may set them (snake_case, as stored); undefined ones are left as they are. */
export interface CampaignColumns {
  name?: string;
  subject?: string;
  template_id?: string | null;
  html_content?: string;
  text_content?: string | null;
  status?: CampaignStatus;
  scheduled_at?: string | null;
  audience_tags?: string[];
}

/** The SQL of an owner's campaigns (sending has its own queries file). */
@Injectable()
export class CampaignsQueries {
  constructor(private readonly em: EntityManager) {}

  page(ownerId: string, limit: number, after?: Cursor): Promise<Page<CampaignResponse>> {
    return ownedPage(this.em, EMAIL_CAMPAIGNS, ownerId, limit, after);
  }

  find(ownerId: string, id: string): Promise<CampaignRow | undefined> {
    return ownedRow(this.em, EMAIL_CAMPAIGNS, ownerId, id);
  }

  insert(ownerId: string, columns: CampaignColumns): Promise<CampaignRow> {
    return insertRow(this.em, EMAIL_CAMPAIGNS, { id: randomUUID(), owner_id: ownerId, ...columns });
  }

  /** Changes the campaign only while its status is still `status` (undefined when it moved meanwhile). */
  update(
    ownerId: string,
    id: string,
    status: CampaignStatus,
    columns: CampaignColumns,
  ): Promise<CampaignRow | undefined> {
    return updateOwned(this.em, EMAIL_CAMPAIGNS, ownerId, id, { ...columns, status: columns.status ?? status }, `status = '${status}'`);
  }

  /** Deletes the campaign (and its deliveries) unless it is sending. */
  delete(ownerId: string, id: string): Promise<boolean> {
    return deleteOwned(this.em, EMAIL_CAMPAIGNS.table, ownerId, id, `status <> 'sending'`);
  }

  /** The four cards of /email-marketing, in one statement. */
  async summary(ownerId: string): Promise<{ campaigns: number; subscribers: number; sent: number; opens: number }> {
    const [row] = await sql<{ campaigns: number; subscribers: number; sent: number; opens: number }>(
      this.em,
      `select (select count(*)::int from email_campaigns where owner_id = ?) as campaigns,
              (select count(*)::int from email_subscribers where owner_id = ? and status = 'subscribed') as subscribers,
              (select coalesce(sum(sent_count), 0)::int from email_campaigns where owner_id = ?) as sent,
              (select coalesce(sum(open_count), 0)::int from email_campaigns where owner_id = ?) as opens`,
      [ownerId, ownerId, ownerId, ownerId],
    );
    return row;
  }

  /** How many of the owner's subscribed subscribers an audience of `tags` holds (every one, without tags). */
  async audienceSize(ownerId: string, tags: readonly string[]): Promise<number> {
    const [row] = await sql<{ recipients: number }>(
      this.em,
      `select count(*)::int as recipients from email_subscribers
        where owner_id = ? and status = 'subscribed' and ${inAudience('tags', '?::text[]')}`,
      [ownerId, tags, tags], // the audience fragment names its tags twice
    );
    return row.recipients;
  }

  /** The tags the owner's subscribed subscribers carry, alphabetically (at most `limit`). */
  async subscriberTags(ownerId: string, limit: number): Promise<string[]> {
    const rows = await sql<{ tag: string }>(
      this.em,
      `select distinct t.tag from email_subscribers s, unnest(s.tags) as t(tag)
        where s.owner_id = ? and s.status = 'subscribed' order by t.tag limit ?`,
      [ownerId, limit],
    );
    return rows.map((row) => row.tag);
  }

  /** How the campaign's mails went, from its deliveries and the subscribers who left through its link. */
  async results(ownerId: string, id: string): Promise<CampaignResultCounts> {
    const [row] = await sql<CampaignResultCounts>(
      this.em,
      `select count(*) filter (where status in ('sent', 'bounced'))::int as sent,
              count(*) filter (where status = 'sent')::int as delivered,
              count(*) filter (where opened_at is not null)::int as opened,
              count(*) filter (where clicked_at is not null)::int as clicked,
              count(*) filter (where status = 'bounced')::int as bounced,
              count(*) filter (where status = 'failed')::int as failed,
              count(*) filter (where status in ('pending', 'sending'))::int as pending,
              (select count(*)::int from email_subscribers
                where unsubscribed_campaign_id = ? and owner_id = ?) as unsubscribed
         from email_deliveries where campaign_id = ? and owner_id = ?`,
      [id, ownerId, id, ownerId],
    );
    return row;
  }
}

/** A campaign's results as counted (see CampaignResultsResponse). */
export interface CampaignResultCounts {
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  failed: number;
  pending: number;
  unsubscribed: number;
}
