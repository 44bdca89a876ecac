import { Migration } from '@mikro-orm/migrations';

/**
 * At the API-call limit (docs/billing.md):
 * - `ai_configs.at_limit_reply`: what customers get once the owner's calls are exhausted, `nothing` (the
 *   message waits for the owner) or `away_message`; `ai_configs.away_message`: the owner's text for it.
 * - `customers.away_message_at`: when the customer was last sent the away message. A customer gets it at
 *   most once in 24 hours; the customer row is the lock that keeps two workers from both sending it.
 */
export class Migration20261127000000 extends Migration {
  override up(): void {
    this.addSql(`alter table "ai_configs"
                   add column "at_limit_reply" text not null default 'nothing'
                     check ("at_limit_reply" in ('nothing', 'away_message')),
                   add column "away_message" text null`);
    this.addSql(`alter table "customers" add column "away_message_at" timestamptz null`);
  }
}
