import { Migration } from '@mikro-orm/migrations';

/**
 * Delivery reports and echoes looked up every delivery of their page (docs/performance.md, "Delivery
 * reports"). deliveries_recipient_idx led with (platform, page_id), so PostgreSQL could also use it for a
 * lookup by platform message id on a page, reading all of the page's deliveries and checking each one,
 * ever slower as they grew. Led by the recipient, it serves only the lookups that name a recipient, and a
 * platform message id is always found through the unique (platform, platform_message_id) index.
 */
export class Migration20261129200000 extends Migration {
  override up(): void {
    this.addSql('drop index "deliveries_recipient_idx"');
    this.addSql(
      'create index "deliveries_recipient_idx" on "deliveries" ("recipient_id", "platform", "page_id", "sent_at")',
    );
  }
}
