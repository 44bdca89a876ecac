import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';
import type { EmailInThreadDto } from './email-in-thread.dto';

/** What storing a mail in the thread did. */
export type EmailStored = 'stored' | 'stored before' | 'no such customer';

/** The SQL of mails shown in a customer's thread: the only place that writes messages of kind `email`. */
@Injectable()
export class EmailThreadQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores the mail as the customer's outgoing message of kind `email` (`sent`, not AI-generated), its id the
   * delivery's, so a repeat stores nothing; the subject goes in its metadata. The customer's conversation is
   * not touched: a campaign to thousands must not move their conversations to the top of the inbox, count as
   * a person's reply, or reopen them.
   */
  async store(ownerId: string, mail: EmailInThreadDto): Promise<EmailStored> {
    const [row] = await sql<{ found: boolean; stored: boolean }>(
      this.em,
      `with customer as (select id, name, platform, is_test from customers where id = ? and owner_id = ?),
            stored as (
              insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status,
                                    ai_generated, metadata, timestamp, is_test, kind)
              select ?, ?, c.id, c.name, c.platform, ?, 'outgoing', 'sent', false, ?::jsonb, ?::timestamptz, c.is_test, 'email'
                from customer c
              on conflict (id) do nothing
              returning id)
       select exists (select from customer) as found, exists (select from stored) as stored`,
      [
        mail.customerId,
        ownerId,
        mail.deliveryId,
        ownerId,
        mail.content,
        JSON.stringify({ email: { subject: mail.subject } }),
        mail.sentAt,
      ],
    );
    if (!row.found) return 'no such customer';
    return row.stored ? 'stored' : 'stored before';
  }
}
