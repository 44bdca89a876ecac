import { Migration } from '@mikro-orm/migrations';

/**
 * Meta channels (docs/channels.md):
 * - `customers.page_id`: the page / Instagram account / WhatsApp number the customer wrote to through a
 *   connected channel; null for simulated and hand-made customers, who are never sent anything. Replies to
 *   a customer with a page are delivered there by integrations-service.
 * - `customers.last_inbound_at`: when the customer last wrote (the start of Meta's messaging window).
 * - `customers.ai_paused_until`: a person answered (in Parley or from the page's own inbox), so the AI
 *   leaves this customer alone until then.
 * - Outgoing messages wait in `queued` until integrations-service reports them sent or failed; the
 *   reconciler hands over again the ones it may never have received (a small partial index: only
 *   messages on their way are in it).
 */
export class Migration20261126000000 extends Migration {
  override up(): void {
    this.addSql(`alter table "customers"
                   add column "page_id" text null,
                   add column "last_inbound_at" timestamptz null,
                   add column "ai_paused_until" timestamptz null`);
    this.addSql(`create index "messages_queued_idx" on "messages" ("timestamp") where "status" = 'queued'`);
  }
}
