import { Migration } from '@mikro-orm/migrations';

/**
 * Delivery reports stay in the page (issue 35 point 1). PostgreSQL keeps an update heap-only (no new index
 * entries) only when no column that any index reads changes, the predicates of partial indexes included, and
 * the page has room. `status` was in the predicates of messages_pending_idx and messages_queued_idx, so every
 * status move (sent, delivered, read, responded) wrote a new entry in every index of `messages`, its trigram
 * search keys included: none was heap-only (docs/performance.md, "Deliveries after the inbox").
 *
 * - `awaiting` (stored, generated from the status and direction) says what a message waits for: `reply` (an
 *   incoming message still pending), `delivery` (an outgoing one queued for its channel), else null. The two
 *   partial indexes read it instead of `status`: it changes once, when the wait ends, and never again, so
 *   sent → delivered → read and a late report change no indexed column.
 * - `fillfactor` 90 leaves a tenth of each page free for those new row versions. Adding the stored column
 *   rewrites the table, so every page gets that room now, not only pages written from here on.
 * - What still writes index entries, by design: the end of a wait (a reply's `responded`, the first `sent`)
 *   and the platform message id a first `sent` report brings (it is in the unique (owner, platform, platform
 *   message id) index that makes a redelivered webhook a no-op).
 */
export class Migration20261210200000 extends Migration {
  override up(): void {
    this.addSql('alter table "messages" set (fillfactor = 90)');
    this.addSql(`alter table "messages" add column "awaiting" text generated always as (
                   case when "direction" = 'incoming' and "status" = 'pending' then 'reply'
                        when "status" = 'queued' then 'delivery' end) stored`);
    this.addSql(
      `create index "messages_awaiting_reply_idx" on "messages" ("timestamp") where "awaiting" = 'reply'`,
    );
    this.addSql(
      `create index "messages_awaiting_delivery_idx" on "messages" ("timestamp") where "awaiting" = 'delivery'`,
    );
    this.addSql('drop index "messages_pending_idx"');
    this.addSql('drop index "messages_queued_idx"');
  }
}
