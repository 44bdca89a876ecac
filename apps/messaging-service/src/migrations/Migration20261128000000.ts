import { Migration } from '@mikro-orm/migrations';

/**
 * The conversation inbox (docs/inbox.md): one conversation per customer, its state kept on the customer's
 * row by the statements that already write it, so the list reads one table and one message per row.
 * - `last_message_at`: when the newest message was written (or the customer added); the list's order.
 * - `unread_count`: the customer's messages since the owner last read the conversation (a count rather
 *   than a read marker, so the list needs no count per row).
 * - `closed_at`: set when the owner closes the conversation; a new message from the customer clears it.
 * - `needs_human`: the agent left a message to a person and no person has answered since (the dashboard's
 *   needs-human definition, per customer).
 * - `ai_configs.agent_tested_at`: when the owner first used the test chat (the setup checklist's step).
 *
 * Backfill: the last activity from the messages; unread, the customer's messages since the last message
 * to them (no one read anything before the inbox); needs_human as the dashboard counts it. Customers at a
 * lead stage (interested and later) get the lead the rule gives them, dated when they were added.
 *
 * Indexes: the list walks (owner, last_message_at desc, id desc) to its page; the two filters that select
 * few conversations (unread, needs a person) have partial indexes of their own, so that their page is not
 * found by walking past every other conversation. Leads get one by customer.
 */
export class Migration20261128000000 extends Migration {
  override up(): void {
    this.addSql(`alter table "customers"
                   add column "last_message_at" timestamptz not null default now(),
                   add column "unread_count" int not null default 0,
                   add column "closed_at" timestamptz null,
                   add column "needs_human" boolean not null default false`);
    this.addSql(`update "customers" c set
                   "last_message_at" = coalesce(
                     (select max(m."timestamp") from "messages" m where m."customer_id" = c."id"), c."created_at"),
                   "unread_count" = (
                     select count(*) from "messages" m
                      where m."customer_id" = c."id" and m."direction" = 'incoming'
                        and m."timestamp" > coalesce((select max(r."timestamp") from "messages" r
                                                       where r."customer_id" = c."id" and r."direction" = 'outgoing'),
                                                     '-infinity')),
                   "needs_human" = exists (
                     select from "messages" m
                      where m."customer_id" = c."id" and m."needs_human"
                        and not exists (select from "messages" r
                                         where r."customer_id" = m."customer_id" and r."direction" = 'outgoing'
                                           and not r."ai_generated"
                                           and not coalesce((r."metadata" ->> 'awayMessage')::boolean, false)
                                           and r."timestamp" > m."timestamp"))`);
    this.addSql(`create index "customers_conversations_idx" on "customers"
                   ("owner_id", "last_message_at" desc, "id" desc)`);
    this.addSql(`create index "customers_unread_idx" on "customers"
                   ("owner_id", "last_message_at" desc, "id" desc) where "unread_count" > 0`);
    this.addSql(`create index "customers_needs_human_idx" on "customers"
                   ("owner_id", "last_message_at" desc, "id" desc) where "needs_human"`);

    // "Has this customer a lead?" is asked whenever a customer moves (any lead, not only the open one of
    // leads_open_per_customer_idx), and the contact panel lists a customer's leads.
    this.addSql('create index "leads_customer_idx" on "leads" ("customer_id", "created_at" desc)');
    this.addSql(`insert into "leads" ("id", "owner_id", "customer_id", "source", "created_at")
                 select gen_random_uuid(), c."owner_id", c."id",
                        case when c."source" = 'manual' then 'manual' else c."platform" end, c."created_at"
                   from "customers" c
                  where c."stage" in ('interested', 'qualified', 'follow-up', 'converted')
                    and not exists (select from "leads" l where l."customer_id" = c."id")`);

    this.addSql('alter table "ai_configs" add column "agent_tested_at" timestamptz null');
  }
}
