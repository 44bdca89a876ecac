import type { EntityManager } from '@mikro-orm/postgresql';
import { type Cursor, fetchLimit, type Page, sql, toPage } from '@parley/server-kit';

// The SQL every owner-scoped table of marketing-service shares: a newest-first page, one row by id, an
// insert, a partial update and a delete, each filtered by owner_id. Table and column names come from the
// feature's constants (never from a request), so the statements stay a bounded set.

/** A table of owner-scoped rows, read as `columns` and answered through `map`. */
export interface OwnedTable<R, T> {
  table: string;
  /** The select list of an answer (named columns, never `*`). */
  columns: string;
  map: (row: R) => T;
}

/** Every row's place in a newest-first list. */
interface Placed {
  id: string;
  /** A timestamptz as PostgreSQL sends it (see isoTime). */
  created_at: string;
}

/** `limit` of the owner's rows after `after`, newest first ((owner_id, created_at desc, id desc)). */
export async function ownedPage<R extends Placed, T>(
  em: EntityManager,
  { table, columns, map }: OwnedTable<R, T>,
  ownerId: string,
  limit: number,
  after?: Cursor,
): Promise<Page<T>> {
  const where = ['owner_id = ?'];
  const params: unknown[] = [ownerId];
  if (after) {
    where.push('(created_at, id) < (?, ?)');
    params.push(after.at, after.id);
  }
  const rows = await sql<R>(
    em,
    `select ${columns} from ${table} where ${where.join(' and ')}
      order by created_at desc, id desc limit ${fetchLimit(limit)}`,
    params,
  );
  return toPage(rows, limit, map, (row) => ({ at: row.created_at, id: row.id }));
}

/** The owner's row with this id (a checked UUID), as stored. */
export async function ownedRow<R>(
  em: EntityManager,
  { table, columns }: OwnedTable<R, unknown>,
  ownerId: string,
  id: string,
): Promise<R | undefined> {
  const [row] = await sql<R>(em, `select ${columns} from ${table} where id = ? and owner_id = ?`, [id, ownerId]);
  return row;
}

/** Inserts `values` (column → value) and answers the stored row. */
export async function insertRow<R>(
  em: EntityManager,
  { table, columns }: OwnedTable<R, unknown>,
  values: Record<string, unknown>,
): Promise<R> {
  const names = Object.keys(values);
  const [row] = await sql<R>(
    em,
    `insert into ${table} (${names.join(', ')}) values (${names.map(() => '?').join(', ')})
     returning ${columns}`,
    Object.values(values),
  );
  return row;
}

/**
 * Writes the `changes` that are not undefined (column → value) to the owner's row, and `updated_at`; the
 * changed row, or undefined when the owner has no such row or it fails `condition` (SQL on the row).
 */
export async function updateOwned<R>(
  em: EntityManager,
  { table, columns }: OwnedTable<R, unknown>,
  ownerId: string,
  id: string,
  changes: Record<string, unknown>,
  condition = 'true',
): Promise<R | undefined> {
  const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
  const set = ['updated_at = now()', ...entries.map(([column]) => `${column} = ?`)].join(', ');
  const [row] = await sql<R>(
    em,
    `update ${table} set ${set} where id = ? and owner_id = ? and ${condition} returning ${columns}`,
    [...entries.map(([, value]) => value), id, ownerId],
  );
  return row;
}

/** Whether the owner had this row (and it met `condition`); it is gone now. */
export async function deleteOwned(
  em: EntityManager,
  table: string,
  ownerId: string,
  id: string,
  condition = 'true',
): Promise<boolean> {
  const rows = await sql(em, `delete from ${table} where id = ? and owner_id = ? and ${condition} returning id`, [
    id,
    ownerId,
  ]);
  return rows.length > 0;
}
