import { Migration } from '@mikro-orm/migrations';

/**
 * The business's currency (issue 29 point 1): ISO 4217, USD for every owner who had prices before currencies
 * existed (their prices were shown in dollars). The list of codes is the contracts' CURRENCIES, checked on save.
 */
export class Migration20261208100000 extends Migration {
  override up(): void {
    this.addSql(`alter table "ai_configs" add column "currency" text not null default 'USD'`);
  }
}
