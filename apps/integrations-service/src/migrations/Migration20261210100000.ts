import { Migration } from '@mikro-orm/migrations';

/**
 * Which channel a stored webhook came from (ChannelAdapter.source), so the job reads it with that
 * channel's adapter. Every row so far is Meta's. The default also covers replicas of the previous version
 * during a rolling deploy (they insert without a source, and only Meta's webhooks existed); the service
 * itself always names the source.
 */
export class Migration20261210100000 extends Migration {
  override up(): void {
    this.addSql(`alter table "webhook_events" add column "source" text not null default 'meta'`);
  }
}
