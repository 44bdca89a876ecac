import { Migration } from '@mikro-orm/migrations';

/**
 * Who moved a customer and why (issue 34, point 7; docs/reports.md, "Stage history").
 *
 * - `stage_changes` gains who moved (`by_kind`: ai, person, automation; null for changes recorded before), the
 *   person's user id, and for the AI the evidence: the message, the customer's words quoted from it, and the
 *   agent's intent and lead-potential reading. `undone_at` marks an AI move a person undid.
 * - The trigger that records each change reads who moves from the transaction-local setting
 *   `parley.stage_move` (JSON: per customer id, or `*` for every row of the statement), which the writing
 *   statement sets in a CTE of its own (`set_config(…, true)`): the change is still recorded whichever path
 *   moves the stage, and one statement still writes a batch of replies with each customer's evidence.
 * - `stage_suggestions`: for owners whose AI only suggests (`ai_configs.stage_mode = 'suggest'`), one pending
 *   suggestion per customer, narrow, beside the customer row (which an AI reply then leaves alone). Any stage
 *   change of the customer answers it (the trigger deletes it).
 */
export class Migration20261218100000 extends Migration {
  override up(): void {
    this.addSql(
      `alter table "ai_configs" add column "stage_mode" text not null default 'move'
         check ("stage_mode" in ('move', 'suggest'))`,
    );
    this.addSql(`alter table "stage_changes"
      add column "by_kind" text null check ("by_kind" in ('ai', 'person', 'automation')),
      add column "by_user_id" uuid null,
      add column "message_id" uuid null,
      add column "quote" text null,
      add column "intent" text null,
      add column "lead_potential" text null,
      add column "undone_at" timestamptz null`);
    this.addSql(`create table "stage_suggestions" (
      "customer_id" uuid primary key references "customers" ("id") on delete cascade,
      "owner_id" uuid not null,
      "from_stage" text not null,
      "to_stage" text not null,
      "message_id" uuid null,
      "quote" text not null,
      "intent" text null,
      "lead_potential" text null,
      "at" timestamptz not null default now()
    )`);
    this.addSql('create index "stage_suggestions_owner_at_idx" on "stage_suggestions" ("owner_id", "at")');
    this.addSql(`create or replace function "customers_stage_history"() returns trigger language plpgsql
      set search_path from current as $$
      declare
        moves jsonb := nullif(current_setting('parley.stage_move', true), '')::jsonb;
        who jsonb := coalesce(moves -> new."id"::text, moves -> '*', '{}'::jsonb);
      begin
        if tg_op = 'INSERT' then
          insert into "stage_changes" ("owner_id", "customer_id", "from_stage", "to_stage", "at", "by_kind", "by_user_id")
          values (new."owner_id", new."id", null, new."stage", new."created_at", who ->> 'by', (who ->> 'userId')::uuid);
          insert into "report_dirty" ("owner_id", "at") values (new."owner_id", new."created_at");
        else
          insert into "stage_changes" ("owner_id", "customer_id", "from_stage", "to_stage", "at", "by_kind",
                                       "by_user_id", "message_id", "quote", "intent", "lead_potential")
          values (new."owner_id", new."id", old."stage", new."stage", now(), who ->> 'by', (who ->> 'userId')::uuid,
                  (who ->> 'messageId')::uuid, who ->> 'quote', who ->> 'intent', who ->> 'leadPotential');
          insert into "report_dirty" ("owner_id", "at") values (new."owner_id", now());
          delete from "stage_suggestions" where "customer_id" = new."id";
        end if;
        return null;
      end $$`);
  }
}
