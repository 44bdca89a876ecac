import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { SubscriberDto, SubscriberResponse, UpdateSubscriberDto } from '@parley/contracts';
import { type Cursor, isUniqueViolation, type Page, sql } from '@parley/server-kit';
import { deleteOwned, insertRow, ownedPage, updateOwned } from '../shared/owned-rows';
import { EMAIL_SUBSCRIBERS, toSubscriberResponse } from './subscriber.mapper';

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

  delete(ownerId: string, id: string): Promise<boolean> {
    return deleteOwned(this.em, EMAIL_SUBSCRIBERS.table, ownerId, id);
  }

  /**
   * Marks the subscriber unsubscribed, from the campaign whose link they followed (if any). Once: a second
   * call changes nothing, not even the time. False when there is no such subscriber.
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
    if (rows.length > 0) return true;
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
