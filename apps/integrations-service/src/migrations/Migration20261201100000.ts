import { Migration } from '@mikro-orm/migrations';

/**
 * The browser session an OAuth state was issued to (the gateway's hash of the session cookie): only a
 * callback that comes back to that session may use it. States issued before have none and are refused,
 * which costs at most a click on Connect again (they live 10 minutes).
 */
export class Migration20261201100000 extends Migration {
  override up(): void {
    this.addSql('alter table "oauth_states" add column "binding" text null');
  }
}
