import { Migration } from '@mikro-orm/migrations';

/**
 * Email sequences (spec 001 §3 `email_sequences`, `email_sequence_steps`; docs/email.md, "Sequences"):
 *
 * - A step is unique per (sequence, step_order); a step whose template is deleted keeps its place with no
 *   template and is passed over.
 * - `email_sequence_enrolments`: one subscriber's way through one sequence, once (unique per sequence and
 *   subscriber): the next step's number and when it is due. A runner takes due rows (`for update skip
 *   locked`), so replicas share them and a restart loses nothing: the row is the schedule.
 * - A sequence's mail is an `email_deliveries` row with `sequence_step_id`, unique per step and subscriber:
 *   a step reaches a subscriber once, whatever the retries.
 * - `email_subscribers.customer_id`: the messaging customer a subscriber was made from (the contact
 *   panel), so a customer's stage and leads can start sequences; one subscriber per customer.
 */
export class Migration20261209100000 extends Migration {
  override up(): void {
    this.addSql(`create table "email_sequences" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "name" text not null,
      "trigger_type" text not null check ("trigger_type" in ('subscriber_added', 'stage_reached', 'new_lead')),
      "trigger_stage" text,
      "is_active" boolean not null default false,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      check ("trigger_type" <> 'stage_reached' or "trigger_stage" is not null)
    )`);
    this.addSql(
      'create index "email_sequences_owner_recent_idx" on "email_sequences" ("owner_id", "created_at" desc, "id" desc)',
    );
    this.addSql(
      'create index "email_sequences_owner_trigger_idx" on "email_sequences" ("owner_id", "trigger_type") where "is_active"',
    );

    this.addSql(`create table "email_sequence_steps" (
      "id" uuid primary key,
      "sequence_id" uuid not null references "email_sequences" ("id") on delete cascade,
      "step_order" integer not null check ("step_order" >= 1),
      "delay_days" integer not null default 0 check ("delay_days" between 0 and 365),
      "delay_hours" integer not null default 0 check ("delay_hours" between 0 and 23),
      "template_id" uuid references "email_templates" ("id") on delete set null,
      "is_active" boolean not null default true,
      "created_at" timestamptz not null default now(),
      unique ("sequence_id", "step_order")
    )`);

    this.addSql(`create table "email_sequence_enrolments" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "sequence_id" uuid not null references "email_sequences" ("id") on delete cascade,
      "subscriber_id" uuid not null references "email_subscribers" ("id") on delete cascade,
      "next_step" integer not null default 1,
      "next_at" timestamptz,
      "status" text not null default 'active' check ("status" in ('active', 'completed', 'stopped')),
      "enrolled_at" timestamptz not null,
      "updated_at" timestamptz not null default now(),
      unique ("sequence_id", "subscriber_id")
    )`);
    this.addSql(
      `create index "email_sequence_enrolments_due_idx" on "email_sequence_enrolments" ("next_at") where "status" = 'active'`,
    );
    this.addSql(
      'create index "email_sequence_enrolments_subscriber_idx" on "email_sequence_enrolments" ("subscriber_id")',
    );

    this.addSql(`alter table "email_deliveries"
                   add column "sequence_step_id" uuid references "email_sequence_steps" ("id") on delete set null`);
    this.addSql(`create unique index "email_deliveries_step_subscriber_idx"
                   on "email_deliveries" ("sequence_step_id", "subscriber_id") where "sequence_step_id" is not null`);

    this.addSql(`alter table "email_subscribers" add column "customer_id" uuid`);
    this.addSql(`create unique index "email_subscribers_owner_customer_idx"
                   on "email_subscribers" ("owner_id", "customer_id") where "customer_id" is not null`);
  }
}
