import { Migration } from '@mikro-orm/migrations';

/** Sign-up links that let the inbox choose the password (an unverified address signed up for again). */
export class Migration20261125010000 extends Migration {
  override up(): void {
    this.addSql(`alter table "users" add column "must_choose_password" boolean not null default false`);
    this.addSql(`alter table "email_tokens" drop constraint "email_tokens_purpose_check"`);
    this.addSql(`alter table "email_tokens" add constraint "email_tokens_purpose_check"
      check ("purpose" in ('verify-email', 'choose-password', 'reset-password'))`);
  }
}
