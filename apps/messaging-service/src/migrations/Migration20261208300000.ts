import { Migration } from '@mikro-orm/migrations';

/**
 * Messages waiting for the owner's allowance (docs/agent.md, "At the API-call limit"): a pending message
 * the AI could not answer because the owner had no calls left waits here, out of the reconciler's way,
 * until the allowance grows; then it is scheduled once. A narrow table of its own, so that waiting and
 * release never rewrite a row (or an index) of `messages`.
 */
export class Migration20261208300000 extends Migration {
  override up(): void {
    this.addSql(`create table "allowance_waits" (
      "message_id" uuid primary key references "messages" ("id") on delete cascade,
      "owner_id" uuid not null,
      "since" timestamptz not null default now()
    )`);
    this.addSql('create index "allowance_waits_owner_idx" on "allowance_waits" ("owner_id", "since")');
  }
}
