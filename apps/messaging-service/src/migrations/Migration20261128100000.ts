import { Migration } from '@mikro-orm/migrations';

/**
 * A customer's messages by (timestamp desc, id desc), the order of the thread and of the inbox's newest
 * message per conversation, in place of (customer_id, timestamp desc): reading a conversation's newest
 * message then stops at the index's first entry instead of sorting the customer's messages by id within
 * their newest timestamp, once per row of every conversation page (docs/inbox.md, "Indexes").
 */
export class Migration20261128100000 extends Migration {
  override up(): void {
    this.addSql(`create index "messages_customer_recent_idx" on "messages"
                   ("customer_id", "timestamp" desc, "id" desc)`);
    this.addSql('drop index "messages_customer_idx"');
  }
}
