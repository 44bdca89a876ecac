import { Migration } from '@mikro-orm/migrations';

/**
 * The conversation's changing state moves off the customer's row into `conversations`, one row per customer
 * (issue 35 point 1; docs/inbox.md, "What a conversation is"). Every ingest and reply wrote the customer's row,
 * and with `last_message_at` and `unread_count` indexed there none of those updates could stay heap-only: each
 * wrote a new entry in every index of `customers`, its trigram search index included (docs/performance.md,
 * "Deliveries after the inbox"). Here the state that changes with every message sits in a narrow table with
 * btree indexes only, and the customer's row changes only when the customer does (name, contact, stage, …).
 *
 * - Keyed by the customer (one conversation each, deleted with them); `owner_id` leads every list index and
 *   is checked by every statement, as on every owned row.
 * - Moved: last contact, last inbound time (Meta's window), AI pause, the away message's last time, the
 *   list's last activity, unread count, closed, needs a person, and the newest message's preview columns.
 * - A trigger gives every new customer their conversation (placed at the time they were added), whichever
 *   statement adds them: a customer without one would be missing from the inbox. The ingest writes the
 *   conversation itself in the statement that adds the customer; the trigger then finds it there.
 * - The list's indexes move with their columns: (owner, last activity desc, customer desc), and the same
 *   keys for the unread and needs-a-person filters (Migration20261128000000).
 * - `fillfactor` 90: closing, pausing the AI and the away message change no indexed column, and stay in the
 *   page when it has room.
 */
export class Migration20261210100000 extends Migration {
  override up(): void {
    this.addSql(`create table "conversations" (
      "customer_id" uuid primary key references "customers" ("id") on delete cascade,
      "owner_id" uuid not null,
      "last_contact" timestamptz null,
      "last_inbound_at" timestamptz null,
      "ai_paused_until" timestamptz null,
      "away_message_at" timestamptz null,
      "last_message_at" timestamptz not null default now(),
      "unread_count" int not null default 0,
      "closed_at" timestamptz null,
      "needs_human" boolean not null default false,
      "last_message_id" uuid null,
      "last_message_preview" text null,
      "last_message_direction" text null,
      "last_message_ai_generated" boolean null
    ) with (fillfactor = 90)`);
    this.addSql(`insert into "conversations" ("customer_id", "owner_id", "last_contact", "last_inbound_at",
                   "ai_paused_until", "away_message_at", "last_message_at", "unread_count", "closed_at", "needs_human",
                   "last_message_id", "last_message_preview", "last_message_direction", "last_message_ai_generated")
                 select "id", "owner_id", "last_contact", "last_inbound_at", "ai_paused_until", "away_message_at",
                        "last_message_at", "unread_count", "closed_at", "needs_human", "last_message_id",
                        "last_message_preview", "last_message_direction", "last_message_ai_generated"
                   from "customers"`);
    this.addSql(`create index "conversations_recent_idx" on "conversations"
                   ("owner_id", "last_message_at" desc, "customer_id" desc)`);
    this.addSql(`create index "conversations_unread_idx" on "conversations"
                   ("owner_id", "last_message_at" desc, "customer_id" desc) where "unread_count" > 0`);
    this.addSql(`create index "conversations_needs_human_idx" on "conversations"
                   ("owner_id", "last_message_at" desc, "customer_id" desc) where "needs_human"`);

    this.addSql(`create function "customers_conversation"() returns trigger language plpgsql
                   set search_path from current as $$
                 begin
                   insert into "conversations" ("customer_id", "owner_id", "last_message_at")
                   values (new."id", new."owner_id", new."created_at")
                   on conflict ("customer_id") do nothing;
                   return null;
                 end $$`);
    this.addSql(`create trigger "customers_conversation" after insert on "customers"
                   for each row execute function "customers_conversation"()`);

    this.addSql(`alter table "customers"
                   drop column "last_contact", drop column "last_inbound_at", drop column "ai_paused_until",
                   drop column "away_message_at", drop column "last_message_at", drop column "unread_count",
                   drop column "closed_at", drop column "needs_human", drop column "last_message_id",
                   drop column "last_message_preview", drop column "last_message_direction",
                   drop column "last_message_ai_generated"`);
  }
}
