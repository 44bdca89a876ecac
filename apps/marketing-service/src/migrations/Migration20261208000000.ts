import { Migration } from '@mikro-orm/migrations';

/**
 * An owner's email templates, campaigns and subscribers (spec 001 §3), each row owner-scoped. Lists are
 * newest first: each table has (owner_id, created_at desc, id desc) for its keyset pages.
 *
 * - One subscriber per address per owner, case-insensitively: the unique index on (owner_id, lower(email)).
 * - A campaign made from a template keeps its own subject and content; deleting the template only clears
 *   template_id.
 * - Statuses and template types are checked here too, so a row no service wrote cannot hold another value.
 */
export class Migration20261208000000 extends Migration {
  override up(): void {
    this.addSql(`create table "email_templates" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "name" text not null,
      "subject" text not null,
      "html_content" text not null,
      "text_content" text,
      "template_type" text not null
        check ("template_type" in ('welcome', 'newsletter', 'promotional', 'follow_up')),
      "is_active" boolean not null default true,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(
      'create index "email_templates_owner_recent_idx" on "email_templates" ("owner_id", "created_at" desc, "id" desc)',
    );

    this.addSql(`create table "email_campaigns" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "name" text not null,
      "subject" text not null,
      "template_id" uuid references "email_templates" ("id") on delete set null,
      "html_content" text not null,
      "text_content" text,
      "status" text not null default 'draft'
        check ("status" in ('draft', 'scheduled', 'sending', 'sent', 'paused')),
      "scheduled_at" timestamptz,
      "sent_at" timestamptz,
      "total_recipients" integer not null default 0,
      "sent_count" integer not null default 0,
      "open_count" integer not null default 0,
      "click_count" integer not null default 0,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(
      'create index "email_campaigns_owner_recent_idx" on "email_campaigns" ("owner_id", "created_at" desc, "id" desc)',
    );
    this.addSql('create index "email_campaigns_template_idx" on "email_campaigns" ("template_id")');

    this.addSql(`create table "email_subscribers" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "email" text not null,
      "first_name" text,
      "last_name" text,
      "status" text not null default 'subscribed' check ("status" in ('subscribed', 'unsubscribed', 'bounced')),
      "source" text not null default 'manual',
      "subscribed_at" timestamptz not null default now(),
      "unsubscribed_at" timestamptz,
      "tags" text[] not null default '{}',
      "custom_fields" jsonb not null default '{}',
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(
      'create unique index "email_subscribers_owner_email_idx" on "email_subscribers" ("owner_id", lower("email"))',
    );
    this.addSql(
      'create index "email_subscribers_owner_recent_idx" on "email_subscribers" ("owner_id", "created_at" desc, "id" desc)',
    );
  }
}
