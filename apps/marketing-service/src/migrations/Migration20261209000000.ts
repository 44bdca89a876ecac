import { Migration } from '@mikro-orm/migrations';

/**
 * Audiences and results (docs/email.md): a campaign's audience tags (empty: every subscriber), and an
 * index to count the subscribers who left through a campaign's link, for its results.
 */
export class Migration20261209000000 extends Migration {
  override up(): void {
    this.addSql(`alter table "email_campaigns" add column "audience_tags" text[] not null default '{}'`);
    this.addSql(
      'create index "email_subscribers_unsubscribed_campaign_idx" on "email_subscribers" ("unsubscribed_campaign_id") where "unsubscribed_campaign_id" is not null',
    );
  }
}
