import { Migration } from '@mikro-orm/migrations';

/**
 * Faster lists and search at 100 k rows per owner.
 * - Each message carries its customer's name (names never change once a customer exists), so the inbox
 *   reads one table. A trigger fills it on insert, whichever path writes the message.
 * - Search indexes lead with the owner (btree_gin), so a search only visits the owner's matches instead
 *   of every owner's, or of walking the owner's newest rows until enough of them match.
 */
export class Migration20261122100000 extends Migration {
  override up(): void {
    this.addSql('create extension if not exists btree_gin with schema public');

    this.addSql('alter table "messages" add column "customer_name" text');
    this.addSql(`update "messages" m set "customer_name" = c."name"
                   from "customers" c where c."id" = m."customer_id"`);
    this.addSql('alter table "messages" alter column "customer_name" set not null');
    this.addSql(`create function "messages_customer_name"() returns trigger language plpgsql
                   set search_path from current as $$
                 begin
                   select "name" into new."customer_name" from "customers" where "id" = new."customer_id";
                   return new;
                 end $$`);
    this.addSql(`create trigger "messages_customer_name" before insert on "messages"
                   for each row when (new."customer_name" is null) execute function "messages_customer_name"()`);

    this.addSql(`create index "messages_owner_search_idx" on "messages"
                   using gin ("owner_id", lower("content") public.gin_trgm_ops)`);
    this.addSql('drop index "messages_search_idx"');
    this.addSql(`create index "customers_owner_search_idx" on "customers" using gin ("owner_id",
      (lower("name") || ' ' || coalesce(lower("email"), '') || ' ' || lower("platform_username")) public.gin_trgm_ops)`);
    this.addSql('drop index "customers_search_idx"');
  }
}
