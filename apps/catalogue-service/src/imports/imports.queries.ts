import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateProductDto } from '@parley/contracts';
import { sql } from '@parley/server-kit';
import { importLockKey, ownerCurrency } from '../currency/currency.queries';

export interface UpsertCounts {
  created: number;
  updated: number;
}

/** Stores products inside an import's transaction: new names are created, known ones updated. */
export type ProductUpsert = (products: readonly CreateProductDto[]) => Promise<UpsertCounts>;

/**
 * Many products in one statement, priced in the business's currency: the DTOs travel as one JSON array (jsonb_to_recordset; absent features
 * and stock become the table's defaults, none and in stock). A name the owner already has (case-insensitive:
 * the unique index on (owner_id, lower(name))) is updated in place, and `xmax = 0` tells a freshly inserted
 * row from an updated one. Rows repeating a name are dropped by the caller; `distinct on` only keeps the
 * statement from failing ("cannot affect row a second time") on the few letters JavaScript and PostgreSQL
 * lower-case differently (a final sigma).
 */
const UPSERT = `
  with upserted as (
    insert into products (id, owner_id, name, description, price, currency, category, features, in_stock)
    select distinct on (lower(r.name))
      gen_random_uuid(), ?::uuid, r.name, r.description, r.price, ?::text, r.category,
      coalesce(r.features, '{}'), coalesce(r."inStock", true)
    from jsonb_to_recordset(?::jsonb)
      as r(name text, description text, price numeric, category text, features text[], "inStock" boolean)
    on conflict (owner_id, lower(name)) do update set
      name = excluded.name, description = excluded.description, price = excluded.price, currency = excluded.currency,
      category = excluded.category, features = excluded.features, in_stock = excluded.in_stock,
      updated_at = now()
    returning (xmax = 0) as created
  )
  select count(*) filter (where created)::int as created, count(*) filter (where not created)::int as updated
  from upserted`;

/**
 * The only file of imports that reaches the database. SQL because an upsert on an expression index and
 * its counts are SQL-shaped (docs/architecture.md, "One rule for reaching the database").
 */
@Injectable()
export class ImportsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Runs `work` in one transaction, so a file lands whole or not at all: an error halfway (the database
   * going away) leaves the owner's products as they were. The transaction first takes the owner's import
   * lock, so two imports of one owner run one after the other instead of deadlocking on shared names, and a
   * currency change (currency.queries.ts) waits for the import. `work` gets the business's currency, which
   * every stored price is in.
   */
  inTransaction<T>(
    ownerId: string,
    work: (upsert: ProductUpsert, currency: string) => Promise<T>,
  ): Promise<T> {
    return this.em.fork().transactional(async (em) => {
      await sql(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [importLockKey(ownerId)]);
      const currency = await ownerCurrency(em, ownerId);
      return work(async (products) => {
        const [counts] = await sql<UpsertCounts>(em, UPSERT, [ownerId, currency, JSON.stringify(products)]);
        return counts;
      }, currency);
    });
  }
}
