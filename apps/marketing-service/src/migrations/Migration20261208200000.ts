import { Migration } from '@mikro-orm/migrations';

/** Which campaign's mail a subscriber unsubscribed from (its link says), for the campaign's results. */
export class Migration20261208200000 extends Migration {
  override up(): void {
    this.addSql(`alter table "email_subscribers"
                   add column "unsubscribed_campaign_id" uuid references "email_campaigns" ("id") on delete set null`);
  }
}
