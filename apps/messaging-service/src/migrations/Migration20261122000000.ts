import { Migration } from '@mikro-orm/migrations';

/**
 * Customers, messages, leads and the AI configuration, every row owned by one user (`owner_id`).
 * Lists are read newest first per owner (keyset on (timestamp, id)); search is a case-insensitive
 * substring match, served by trigram indexes.
 */
export class Migration20261122000000 extends Migration {
  override up(): void {
    this.addSql('create extension if not exists pg_trgm with schema public');
    this.addSql(`create table "customers" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "name" text not null,
      "email" text null,
      "phone" text null,
      "platform" text not null,
      "platform_username" text not null,
      "stage" text not null default 'new' check ("stage" in ('new', 'interested', 'qualified', 'follow-up', 'converted')),
      "status" text not null default 'active',
      "source" text not null default 'social_media',
      "tags" text[] not null default '{}',
      "interest" text null,
      "notes" text null,
      "last_contact" timestamptz null,
      "created_at" timestamptz not null default now(),
      unique ("owner_id", "platform", "platform_username")
    )`);
    this.addSql(
      'create index "customers_owner_recent_idx" on "customers" ("owner_id", "created_at" desc, "id" desc)',
    );
    this.addSql(`create index "customers_search_idx" on "customers" using gin (
      (lower("name") || ' ' || coalesce(lower("email"), '') || ' ' || lower("platform_username")) public.gin_trgm_ops)`);

    this.addSql(`create table "messages" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "customer_id" uuid not null references "customers" ("id") on delete cascade,
      "platform" text not null,
      "content" text not null,
      "direction" text not null check ("direction" in ('incoming', 'outgoing')),
      "platform_message_id" text null,
      "status" text not null default 'pending',
      "ai_generated" boolean not null default false,
      "response_time" integer null,
      "failure_reason" text null,
      "metadata" jsonb null,
      "timestamp" timestamptz not null default now(),
      unique ("owner_id", "platform", "platform_message_id")
    )`);
    this.addSql(
      'create index "messages_owner_recent_idx" on "messages" ("owner_id", "timestamp" desc, "id" desc)',
    );
    this.addSql('create index "messages_customer_idx" on "messages" ("customer_id", "timestamp" desc)');
    this.addSql(
      `create index "messages_pending_idx" on "messages" ("timestamp") where "status" = 'pending' and "direction" = 'incoming'`,
    );
    this.addSql(
      'create index "messages_search_idx" on "messages" using gin (lower("content") public.gin_trgm_ops)',
    );

    this.addSql(`create table "leads" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "customer_id" uuid not null references "customers" ("id") on delete cascade,
      "source" text not null,
      "value" numeric(10, 2) null,
      "status" text not null default 'new',
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "leads_owner_idx" on "leads" ("owner_id", "created_at" desc)');
    this.addSql(
      `create unique index "leads_open_per_customer_idx" on "leads" ("customer_id") where "status" = 'new'`,
    );

    this.addSql(`create table "ai_configs" (
      "owner_id" uuid primary key,
      "company_name" text not null default '',
      "company_description" text not null default '',
      "response_style" text not null default 'professional',
      "auto_respond" boolean not null default true,
      "response_delay" integer not null default 30,
      "address" text null,
      "phone_number" text null,
      "email" text null,
      "website" text null,
      "google_maps_location" text null,
      "opening_hours" text null,
      "collect_customer_name" boolean not null default true,
      "collect_customer_phone" boolean not null default true,
      "collect_customer_email" boolean not null default false,
      "collect_customer_address" boolean not null default false,
      "additional_fields" text[] not null default '{}',
      "setup_completed" boolean not null default false,
      "updated_at" timestamptz not null default now()
    )`);
  }
}
