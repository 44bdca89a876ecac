import { Migration } from '@mikro-orm/migrations';

/**
 * Teams (docs/teams.md): workspaces, memberships and invitations. Every account made before teams owns a
 * workspace whose id is its own user id, so every row the other services hold (`owner_id`) already names
 * it and no row moves. The workspace is named after the account ("{name}'s business").
 */
export class Migration20261207153300 extends Migration {
  override up(): void {
    this.addSql(`create table "workspaces" (
      "id" uuid primary key,
      "name" text not null,
      "owner_id" uuid not null references "users" ("id"),
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "memberships" (
      "user_id" uuid primary key references "users" ("id") on delete cascade,
      "workspace_id" uuid not null references "workspaces" ("id") on delete cascade,
      "role" text not null check ("role" in ('owner', 'admin', 'agent')),
      "joined_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "memberships_workspace_id_index" on "memberships" ("workspace_id")`);
    this.addSql(
      `create unique index "memberships_one_owner" on "memberships" ("workspace_id") where "role" = 'owner'`,
    );
    this.addSql(`create table "invitations" (
      "id" uuid primary key,
      "workspace_id" uuid not null references "workspaces" ("id") on delete cascade,
      "email" text not null,
      "role" text not null check ("role" in ('admin', 'agent')),
      "invited_by" uuid not null references "users" ("id") on delete cascade,
      "token_hash" text not null unique,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "accepted_at" timestamptz null,
      "revoked_at" timestamptz null
    )`);
    this.addSql(`create unique index "invitations_one_pending" on "invitations" ("workspace_id", "email")
      where "accepted_at" is null and "revoked_at" is null`);
    this.addSql(`insert into "workspaces" ("id", "name", "owner_id", "created_at")
      select "id", coalesce("name", split_part("email", '@', 1)) || '''s business', "id", "created_at" from "users"`);
    this.addSql(`insert into "memberships" ("user_id", "workspace_id", "role", "joined_at")
      select "id", "id", 'owner', "created_at" from "users"`);
  }
}
