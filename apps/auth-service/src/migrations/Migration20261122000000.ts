import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000 extends Migration {
  override up(): void {
    this.addSql(`create table "users" (
      "id" uuid primary key,
      "email" text not null unique,
      "password_hash" text not null,
      "email_verified" boolean not null default false,
      "name" text null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "email_tokens" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "purpose" text not null check ("purpose" in ('verify-email', 'reset-password')),
      "token_hash" text not null unique,
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "email_tokens_user_purpose_idx" on "email_tokens" ("user_id", "purpose")`);
    this.addSql(`create table "sessions" (
      "id" uuid primary key,
      "user_id" uuid not null references "users" ("id") on delete cascade,
      "token_hash" text not null unique,
      "created_at" timestamptz not null default now(),
      "last_seen_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "revoked_at" timestamptz null
    )`);
    this.addSql(`create index "sessions_user_idx" on "sessions" ("user_id")`);
  }
}
