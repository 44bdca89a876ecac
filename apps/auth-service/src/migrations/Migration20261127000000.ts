import { Migration } from '@mikro-orm/migrations';

/** The language the user signed up in (en, ar, es), for mails sent without a request: usage warnings. */
export class Migration20261127000000 extends Migration {
  override up(): void {
    this.addSql(
      `alter table "users" add column "language" text null check ("language" in ('en', 'ar', 'es'))`,
    );
  }
}
