import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriberDto, SubscriberResponse, UpdateSubscriberDto } from '@parley/contracts';
import { type Cursor, isUniqueViolation, type Page, sql } from '@parley/server-kit';
import { deleteOwned, insertRow, ownedPage, updateOwned } from '../shared/owned-rows';
import type { CsvSubscriber } from './import/subscriber-csv';
import { EMAIL_SUBSCRIBERS, toSubscriberResponse } from './subscriber.mapper';

/** Imported subscribers written per statement: 1 000 rows of JSON stay far below PostgreSQL's limits. */
const IMPORT_CHUNK = 1000;

/** The address is another subscriber's of the same owner (email_subscribers_owner_email_idx). */
export const EMAIL_TAKEN = 'taken';

/** The only file that reads or writes email_subscribers for the owner's CRUD. */
@Injectable()
export class SubscribersQueries {
  constructor(private readonly em: EntityManager) {}

  page(ownerId: string, limit: number, after?: Cursor): Promise<Page<SubscriberResponse>> {
    return ownedPage(this.em, EMAIL_SUBSCRIBERS, ownerId, limit, after);
  }

  async insert(ownerId: string, dto: SubscriberDto): Promise<SubscriberResponse | typeof EMAIL_TAKEN> {
    return this.unlessTaken(async () =>
      toSubscriberResponse(
        await insertRow(this.em, EMAIL_SUBSCRIBERS, {
          id: randomUUID(),
          owner_id: ownerId,
          email: dto.email,
          first_name: dto.firstName ?? null,
          last_name: dto.lastName ?? null,
          tags: dto.tags ?? [],
          customer_id: dto.customerId ?? null,
          source: dto.customerId ? 'conversation' : 'manual',
        }),
      ),
    );
  }

  async update(
    ownerId: string,
    id: string,
    dto: UpdateSubscriberDto,
  ): Promise<SubscriberResponse | undefined | typeof EMAIL_TAKEN> {
    return this.unlessTaken(async () => {
      const row = await updateOwned(this.em, EMAIL_SUBSCRIBERS, ownerId, id, {
        email: dto.email,
        first_name: dto.firstName,
        last_name: dto.lastName,
        tags: dto.tags,
      });
      return row && toSubscriberResponse(row);
    });
  }

  /**
   * Adds the imported subscribers, or, for an address the owner has (case-insensitively), fills the names
   * it lacked and adds the tags: its status stays (an unsubscribed address is never subscribed again). One
   * transaction; `chunk` rows a statement. Answers how many were new (and their ids) and how many existed.
   */
  async upsertImported(
    ownerId: string,
    subscribers: readonly CsvSubscriber[],
    chunk = IMPORT_CHUNK,
  ): Promise<{ created: number; updated: number; createdIds: string[] }> {
    const createdIds: string[] = [];
    await this.em.transactional(async (tx) => {
      for (let start = 0; start < subscribers.length; start += chunk) {
        const rows = subscribers.slice(start, start + chunk).map((subscriber) => ({
          email: subscriber.email,
          first_name: subscriber.firstName,
          last_name: subscriber.lastName,
          tags: subscriber.tags,
        }));
        const answers = await sql<{ id: string; created: boolean }>(
          tx,
          `insert into email_subscribers as s (id, owner_id, email, first_name, last_name, tags, source)
           select gen_random_uuid(), ?::uuid, r.email, r.first_name, r.last_name, r.tags, 'import'
             from json_to_recordset(?::json) as r(email text, first_name text, last_name text, tags text[])
           on conflict (owner_id, lower(email)) do update
              set first_name = coalesce(s.first_name, excluded.first_name),
                  last_name = coalesce(s.last_name, excluded.last_name),
                  tags = array(select tag from unnest(s.tags || excluded.tags) with ordinality as t(tag, n)
                                group by tag order by min(n)),
                  updated_at = now()
           returning id, (xmax = 0) as created`,
          [ownerId, JSON.stringify(rows)],
        );
        for (const answer of answers) if (answer.created) createdIds.push(answer.id);
      }
    });
    return { created: createdIds.length, updated: subscribers.length - createdIds.length, createdIds };
  }

  delete(ownerId: string, id: string): Promise<boolean> {
    return deleteOwned(this.em, EMAIL_SUBSCRIBERS.table, ownerId, id);
  }

  /**
   * Marks the subscriber unsubscribed, from the campaign whose link they followed (if any), and ends their
   * sequences. Once: a second call changes nothing, not even the time. False when there is no such subscriber.
   */
  async unsubscribe(id: string, campaignId: string | null): Promise<boolean> {
    const rows = await sql(
      this.em,
      `update email_subscribers
          set status = 'unsubscribed', unsubscribed_at = now(), updated_at = now(),
              unsubscribed_campaign_id = (select c.id from email_campaigns c
                                           where c.id = ?::uuid and c.owner_id = email_subscribers.owner_id)
        where id = ? and status <> 'unsubscribed' returning id`,
      [campaignId, id],
    );
    if (rows.length > 0) {
      // Their ways through sequences end here (the runner would stop them at their next step anyway).
      await sql(
        this.em,
        `update email_sequence_enrolments set status = 'stopped', next_at = null, updated_at = now()
          where subscriber_id = ? and status = 'active'`,
        [id],
      );
      return true;
    }
    return (await sql(this.em, 'select 1 from email_subscribers where id = ?', [id])).length > 0;
  }

  private async unlessTaken<T>(write: () => Promise<T>): Promise<T | typeof EMAIL_TAKEN> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) return EMAIL_TAKEN;
      throw error;
    }
  }
}
