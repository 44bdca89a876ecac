import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000 extends Migration {
  override up(): void {
    this.addSql(`create table "accounts" (
      "owner_id" uuid primary key,
      "current_package" text not null default 'free',
      "api_calls_used" integer not null default 0 check ("api_calls_used" >= 0),
      "api_calls_limit" integer not null default 50,
      "warning_level" smallint not null default 0,
      "last_warning_at" timestamptz null,
      "updated_at" timestamptz not null default now()
    )`);
  }
}
