import { Migration } from '@mikro-orm/migrations';

/**
 * The owner's private notes for the agent (beyond the spec): never given to a provider nor said to a customer
 * (docs/agent.md, "Private notes"). Null for every existing configuration.
 */
export class Migration20261130200000 extends Migration {
  override up(): void {
    this.addSql('alter table "ai_configs" add column "private_notes" text null');
  }
}
