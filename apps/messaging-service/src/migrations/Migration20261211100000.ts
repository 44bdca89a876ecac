import { Migration } from '@mikro-orm/migrations';

/**
 * Replays before publishing (docs/agent.md, "Replay"): the owner's saved test-chat cases, and each replay with
 * its draft, where it stands and its results (one jsonb array, written once when it is done). Replays are
 * kept REPLAY_KEPT_DAYS: the (created_at) index serves the sweep of older ones.
 */
export class Migration20261211100000 extends Migration {
  override up(): void {
    this.addSql(`create table "test_cases" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "message" text not null,
      "expected" text null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "test_cases_owner_idx" on "test_cases" ("owner_id", "created_at" desc)');
    this.addSql(`create table "replays" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "draft" jsonb not null,
      "message_limit" int not null,
      "status" text not null default 'queued' check ("status" in ('queued', 'running', 'done', 'failed')),
      "done" int not null default 0,
      "total" int not null default 0,
      "error" text null,
      "results" jsonb not null default '[]',
      "created_at" timestamptz not null default now()
    )`);
    this.addSql('create index "replays_owner_idx" on "replays" ("owner_id", "created_at" desc)');
    this.addSql('create index "replays_created_idx" on "replays" ("created_at")');
  }
}
