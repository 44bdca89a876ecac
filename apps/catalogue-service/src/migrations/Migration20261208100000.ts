import { Migration } from '@mikro-orm/migrations';

/**
 * Currencies (issue 29 point 1). Each product says which currency its price is in (ISO 4217), USD for the
 * products stored before, which were shown in dollars. `owner_currencies` holds the business's currency as
 * messaging-service's AI configuration last set it (catalogue.currency.set): new and imported products take it;
 * an owner without a row sells in USD.
 */
export class Migration20261208100000 extends Migration {
  override up(): void {
    this.addSql(`alter table "products" add column "currency" text not null default 'USD'`);
    this.addSql(`create table "owner_currencies" (
      "owner_id" uuid primary key,
      "currency" text not null,
      "updated_at" timestamptz not null default now()
    )`);
  }
}
