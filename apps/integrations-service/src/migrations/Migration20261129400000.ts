import { Migration } from '@mikro-orm/migrations';

/**
 * When Meta last refused a page's token (expired, or access revoked: OAuthException 190): the owner must
 * connect the platform again. Cleared by the next connect. The page stays active, so that its customers'
 * messages keep coming in meanwhile.
 */
export class Migration20261129400000 extends Migration {
  override up(): void {
    this.addSql('alter table "pages" add column "token_rejected_at" timestamptz null');
  }
}
