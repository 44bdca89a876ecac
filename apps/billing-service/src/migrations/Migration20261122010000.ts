import { Migration } from '@mikro-orm/migrations';

/** API calls counted per idempotency key, so a retried reply job is never counted twice. */
export class Migration20261122010000 extends Migration {
  override up(): void {
    this.addSql(`create table "usage_events" (
      "owner_id" uuid not null,
      "key" text not null,
      "created_at" timestamptz not null default now(),
      primary key ("owner_id", "key")
    )`);
  }
}
