import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CampaignResponse, CampaignStatus } from '@parley/contracts';
import { type Cursor, type Page, sql } from '@parley/server-kit';
import { deleteOwned, insertRow, ownedPage, ownedRow, updateOwned } from '../shared/owned-rows';
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
}
