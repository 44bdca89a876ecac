import { Migration } from '@mikro-orm/migrations';

/**
 * Customers without a channel (issue 29 point 7): Add Customer takes a walk-in or phone customer with the
 * platform `manual` and no platform username, known by an email or a phone (docs/inbox.md, "Customers
 * without a channel").
 * - `platform_username` may be null, for `manual` customers only. The unique (owner, platform, username)
 *   constraint stays as it is (the ingest statement's `on conflict` names it): nulls never collide, so any
 *   number of such customers fit, and two `manual` customers with one username still do not.
 * - A `manual` customer keeps at least one of username, email or phone (the contact panel may clear one).
 * - The customer search index reads a missing username as empty: `lower(null)` would blank the whole text,
 *   and the customer could not be found by name.
 */
export class Migration20261207140000 extends Migration {
  override up(): void {
    this.addSql(`alter table "customers" alter column "platform_username" drop not null`);
    this.addSql(`alter table "customers" add constraint "customers_platform_username_check"
                   check ("platform_username" is not null or "platform" = 'manual')`);
    this.addSql(`alter table "customers" add constraint "customers_manual_contact_check"
                   check ("platform" <> 'manual' or coalesce("platform_username", "email", "phone") is not null)`);
    this.addSql(`create index "customers_owner_search_next_idx" on "customers" using gin ("owner_id",
      (lower("name") || ' ' || coalesce(lower("email"), '') || ' ' || coalesce(lower("platform_username"), ''))
      public.gin_trgm_ops)`);
    this.addSql('drop index "customers_owner_search_idx"');
    this.addSql('alter index "customers_owner_search_next_idx" rename to "customers_owner_search_idx"');
  }
}
