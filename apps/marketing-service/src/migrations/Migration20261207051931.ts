import { Migration } from '@mikro-orm/migrations';

/**
 * Queueing a campaign's pending deliveries a page at a time, in id order (SendingQueries.pendingIds, at the
 * start of a send, on resume and in the reconciler's pass every minute): the index on (campaign_id, status)
 * gets `id` as its third column, so each page reads its 1 000 rows in order instead of every pending row of
 * the campaign sorted again. The old index is a prefix of the new one and goes.
 */
export class Migration20261207051931 extends Migration {
  override up(): void {
    this.addSql(
      'create index "email_deliveries_campaign_status_id_idx" on "email_deliveries" ("campaign_id", "status", "id")',
    );
    this.addSql('drop index "email_deliveries_campaign_status_idx"');
  }
}
