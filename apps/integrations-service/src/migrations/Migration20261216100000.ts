import { Migration } from '@mikro-orm/migrations';

/**
 * A channel's health (docs/channels.md, "Health"), per connected page, account or number:
 * - what the provider said at the last periodic check: `token_checked_at` (it accepted the token then),
 *   `token_error` (its words when it refused it; `token_rejected_at` already marks a refusal),
 *   `token_expires_at` (when it ends the access, if ever), `subscribed` / `subscription_error` (whether it
 *   sends the webhooks, and why re-subscribing failed), `health_checked_at`;
 * - what happened since: `last_webhook_at`, `last_send_at`, `last_send_error`, `send_failures` (in a row);
 * and per integration `degraded_since`: the degraded episode the owner was told about (once), cleared on
 * recovery.
 */
export class Migration20261216100000 extends Migration {
  override up(): void {
    this.addSql(
      `alter table "pages"
         add column "token_checked_at" timestamptz null,
         add column "token_error" text null,
         add column "token_expires_at" timestamptz null,
         add column "subscribed" boolean null,
         add column "subscription_error" text null,
         add column "health_checked_at" timestamptz null,
         add column "last_webhook_at" timestamptz null,
         add column "last_send_at" timestamptz null,
         add column "last_send_error" text null,
         add column "send_failures" int not null default 0`,
    );
    this.addSql(`alter table "integrations" add column "degraded_since" timestamptz null`);
  }
}
