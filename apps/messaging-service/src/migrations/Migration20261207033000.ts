import { Migration } from '@mikro-orm/migrations';

/**
 * Assignment (issue 33, point 4; docs/teams.md, "Assignment"): a conversation is assigned to one member of the
 * workspace, or to nobody (null, every conversation before this). The column lives on the narrow
 * `conversations` row (docs/performance.md: hot rows stay narrow). Adding a nullable column without a default
 * rewrites nothing. One btree serves the Mine and Unassigned filters, newest first
 * (`assignee_id = ?` and `assignee_id is null` are both index conditions of a btree).
 */
export class Migration20261207033000 extends Migration {
  override up(): void {
    this.addSql(`alter table "conversations" add column "assignee_id" uuid null`);
    this.addSql(`create index "conversations_assignee_idx" on "conversations"
                   ("owner_id", "assignee_id", "last_message_at" desc, "customer_id" desc)`);
  }

  override down(): void {
    this.addSql(`drop index if exists "conversations_assignee_idx"`);
    this.addSql(`alter table "conversations" drop column if exists "assignee_id"`);
  }
}
