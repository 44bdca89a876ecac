import { Migration } from '@mikro-orm/migrations';

/**
 * When the contact's profile was last asked of Meta (Messenger, Instagram): it is asked again after
 * PROFILE_REFRESH_DAYS so that a changed name follows. Null: never asked, or the last asking failed.
 */
export class Migration20261203100000 extends Migration {
  override up(): void {
    this.addSql('alter table "contacts" add column "profile_read_at" timestamptz null');
  }
}
