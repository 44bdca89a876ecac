import { Migration } from '@mikro-orm/migrations';

/**
 * Billing (docs/billing.md): the plan catalogue and the refill packages (rows an operator edits without a
 * deploy; the server enforces what it serves), each owner's period and refill calls, their purchases, and
 * the payment events applied (by id, so each is applied once).
 */
export class Migration20261201000000 extends Migration {
  override up(): void {
    this.addSql(`create table "plans" (
      "id" text primary key,
      "name" text not null,
      "monthly_price_cents" integer not null check ("monthly_price_cents" >= 0),
      "monthly_api_calls" integer null check ("monthly_api_calls" >= 0),
      "checkout" text not null check ("checkout" in ('activate', 'payment_link', 'contact_sales')),
      "popular" boolean not null default false,
      "payment_link" text null,
      "payment_link_id" text null unique,
      "sort_order" integer not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`insert into "plans"
      ("id", "name", "monthly_price_cents", "monthly_api_calls", "checkout", "popular", "sort_order") values
      ('free', 'Free', 0, 100, 'activate', false, 0),
      ('basic', 'Basic', 1900, 1000, 'payment_link', false, 1),
      ('pro', 'Pro', 4900, 5000, 'payment_link', true, 2),
      ('enterprise', 'Enterprise', 19900, null, 'contact_sales', false, 3)`);

    this.addSql(`create table "usage_packages" (
      "id" text primary key,
      "name" text not null,
      "api_calls" integer not null check ("api_calls" > 0),
      "price_cents" integer not null check ("price_cents" >= 0),
      "estimated_cost_cents" integer not null check ("estimated_cost_cents" >= 0),
      "color" text not null,
      "payment_link" text null,
      "payment_link_id" text null unique,
      "is_active" boolean not null default true,
      "sort_order" integer not null,
      "created_at" timestamptz not null default now()
    )`);
    // estimated_cost: what the same calls cost at the smallest refill's rate, so a card can show the saving.
    this.addSql(`insert into "usage_packages"
      ("id", "name", "api_calls", "price_cents", "estimated_cost_cents", "color", "is_active", "sort_order") values
      ('free', 'Free', 50, 0, 0, '#8c8c8c', false, 0),
      ('basic', 'Basic', 500, 900, 900, '#1677ff', true, 1),
      ('power', 'Power', 2000, 2900, 3600, '#722ed1', true, 2),
      ('pro', 'Pro', 5000, 5900, 9000, '#fa8c16', true, 3),
      ('unlimited', 'Unlimited', 20000, 19900, 36000, '#52c41a', true, 4)`);

    this.addSql(`create table "user_purchases" (
      "id" uuid primary key default gen_random_uuid(),
      "owner_id" uuid not null,
      "kind" text not null check ("kind" in ('plan', 'refill')),
      "package_id" text not null,
      "name" text not null,
      "api_calls_added" integer null,
      "amount_paid_cents" integer not null,
      "currency" text not null,
      "payment_id" text not null,
      "event_id" text not null,
      "status" text not null default 'pending' check ("status" in ('pending', 'completed', 'refunded')),
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(
      `create index "user_purchases_owner_created" on "user_purchases" ("owner_id", "created_at" desc)`,
    );
    this.addSql(`create index "user_purchases_payment" on "user_purchases" ("payment_id")`);

    this.addSql(`create table "payment_events" (
      "id" text primary key,
      "type" text not null,
      "received_at" timestamptz not null default now()
    )`);

    // The period: Free runs per calendar month (UTC), a paid plan per subscription period; null: no end.
    this.addSql(`alter table "accounts"
      alter column "api_calls_limit" drop not null,
      add column "refill_calls" integer not null default 0 check ("refill_calls" >= 0),
      add column "period_start" timestamptz not null
        default (date_trunc('month', now() at time zone 'utc') at time zone 'utc'),
      add column "period_end" timestamptz null
        default ((date_trunc('month', now() at time zone 'utc') + interval '1 month') at time zone 'utc'),
      add column "subscription_id" text null unique,
      add column "cancels_at" timestamptz null`);
  }
}
