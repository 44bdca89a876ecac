import { Migration } from '@mikro-orm/migrations';

/**
 * One delivery per recipient of a campaign (unique per campaign and subscriber): what makes a campaign
 * reach each subscriber once, whatever the queue retries (docs/email.md, "Sending").
 *
 * - `status`: pending → sending (claimed by a job, committed before the SMTP conversation) → sent, or
 *   failed (the reason in error_message), bounced (the server refused the address for good), skipped
 *   (unsubscribed or bounced before its turn).
 * - (campaign_id, status) finds a campaign's pending rows to queue and tells when none is left.
 */
export class Migration20261208100000 extends Migration {
  override up(): void {
    this.addSql(`create table "email_deliveries" (
      "id" uuid primary key,
      "owner_id" uuid not null,
      "campaign_id" uuid references "email_campaigns" ("id") on delete cascade,
      "sequence_id" uuid,
      "subscriber_id" uuid not null references "email_subscribers" ("id") on delete cascade,
      "template_id" uuid,
      "status" text not null default 'pending'
        check ("status" in ('pending', 'sending', 'sent', 'failed', 'bounced', 'skipped')),
      "attempts" integer not null default 0,
      "claimed_at" timestamptz,
      "sent_at" timestamptz,
      "delivered_at" timestamptz,
      "opened_at" timestamptz,
      "clicked_at" timestamptz,
      "error_message" text,
      "message_id" text,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create unique index "email_deliveries_campaign_subscriber_idx"
                   on "email_deliveries" ("campaign_id", "subscriber_id")`);
    this.addSql('create index "email_deliveries_campaign_status_idx" on "email_deliveries" ("campaign_id", "status")');
    this.addSql('create index "email_deliveries_subscriber_idx" on "email_deliveries" ("subscriber_id")');
  }
}
