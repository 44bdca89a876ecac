import { Migration } from '@mikro-orm/migrations';

/**
 * The conversation's newest message, kept on the customer's row beside `last_message_at` by the statements
 * that store a message (conversations/last-message.ts), so that the inbox list reads one table instead of
 * probing the messages once per row (docs/inbox.md, "What a conversation is"; docs/performance.md,
 * "Conversations"). Null until the customer has a message. Its delivery status is not copied: delivery
 * reports never write the customer's row.
 *
 * Backfill: each customer's newest message, in the thread's order (timestamp desc, id desc).
 */
export class Migration20261129000000 extends Migration {
  override up(): void {
    this.addSql(`alter table "customers"
                   add column "last_message_id" uuid null,
                   add column "last_message_preview" text null,
                   add column "last_message_direction" text null,
                   add column "last_message_ai_generated" boolean null`);
    this.addSql(`update "customers" c set
                   "last_message_id" = m."id",
                   "last_message_preview" = left(m."content", 300),
                   "last_message_direction" = m."direction",
                   "last_message_ai_generated" = m."ai_generated"
                   from (select distinct on ("customer_id") "customer_id", "id", "content", "direction", "ai_generated"
                           from "messages" order by "customer_id", "timestamp" desc, "id" desc) m
                  where m."customer_id" = c."id"`);
  }
}
