import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_CURRENCY } from '@parley/contracts';
import { sql } from '@parley/server-kit';

/** The lock an owner's catalogue import holds (imports.queries.ts): a currency change waits for the import. */
export function importLockKey(ownerId: string): string {
  return `catalogue-import:${ownerId}`;
}

/** The business's currency as catalogue-service knows it (DEFAULT_CURRENCY until messaging-service sets one). */
export async function ownerCurrency(em: EntityManager, ownerId: string): Promise<string> {
  const [row] = await sql<{ currency: string }>(em, 'select currency from owner_currencies where owner_id = ?', [
    ownerId,
  ]);
  return row?.currency ?? DEFAULT_CURRENCY;
}

/** The only file of currencies that writes to the database. */
@Injectable()
export class CurrencyQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores the owner's currency and relabels every product of the owner in it (the numbers stay), in one
   * transaction that waits for a running import of the owner (the same lock). Answers how many products changed.
   */
  set(ownerId: string, currency: string): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      await sql(em, 'select pg_advisory_xact_lock(hashtextextended(?, 0))', [importLockKey(ownerId)]);
      await sql(
        em,
        `insert into owner_currencies (owner_id, currency) values (?, ?)
         on conflict (owner_id) do update set currency = excluded.currency, updated_at = now()`,
        [ownerId, currency],
      );
      const [{ relabelled }] = await sql<{ relabelled: number }>(
        em,
        `with changed as (update products set currency = ?, updated_at = now()
           where owner_id = ? and currency <> ? returning 1)
         select count(*)::int as relabelled from changed`,
        [currency, ownerId, currency],
      );
      return relabelled;
    });
  }
}
