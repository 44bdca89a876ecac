import { Migration } from '@mikro-orm/migrations';

/**
 * Email continues the chat (docs/email.md, "Email in the conversation"): a mail sent to a subscriber made from
 * a customer waits in `email_thread_items`, written in the transaction that marks its delivery sent, until
 * messaging-service has stored it in the customer's thread; a pass every minute hands over again those it
 * did not take (messaging-service down). The row is deleted once messaging-service answered.
 */
export class Migration20261212200000 extends Migration {
  override up(): void {
    this.addSql(`create table "email_thread_items" (
      "delivery_id" uuid primary key references "email_deliveries" ("id") on delete cascade,
      "owner_id" uuid not null,
      "customer_id" uuid not null,
      "subject" text not null,
      "content" text not null,
      "sent_at" timestamptz not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "email_thread_items_created_idx" on "email_thread_items" ("created_at")');
  }
}
