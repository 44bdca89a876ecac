import type { EntityManager } from '@mikro-orm/postgresql';
import { sqlTuples } from '../database/sql';
import { isoTimeMicros } from '../database/timestamps';
import { fetchLimit } from './list-sql';
import type { Page } from './page';
import { type Cursor, encodeCursor } from './cursor';

// Helpers of every service's *.queries.ts files for newest-first lists: the SQL side of paging. Services never
// import this file.

/**
 * Each column's position in a select list, by name: `columnIndex(['id', 'name'] as const)` is
 * `{ id: 0, name: 1 }`, typed with the literal positions, so `row[C.name]` of a sqlTuples row has
 * that column's type. Read tuple rows through it, never through a bare number.
 */
export type ColumnIndex<C extends readonly string[]> = {
  readonly [
    I in keyof C as I extends `${number}` ? C[I] & string : never
  ]: I extends `${infer N extends number}` ? N : never;
};

export function columnIndex<const C extends readonly string[]>(columns: C): ColumnIndex<C> {
  return Object.freeze(Object.fromEntries(columns.map((column, i) => [column, i]))) as ColumnIndex<C>;
}

/**
 * A tuple row's place in a newest-first list (`order by <at> desc, id desc`), read by column name: the
 * `at` column as PostgreSQL sent it, and `id`. The next page's cursor (see toPage).
 */
export function positionBy<const C extends readonly string[]>(
  columns: C,
  at: C[number],
): (row: readonly unknown[]) => Cursor {
  const atIndex = columns.indexOf(at);
  const idIndex = columns.indexOf('id');
  if (idIndex < 0) throw new Error(`positionBy: no id among ${columns.join(', ')}`);
  return (row) => ({ at: row[atIndex] as string, id: row[idIndex] as string });
}

/**
 * The page of a query that fetched `fetchLimit(limit)` rows: rows beyond `limit` only tell that there
 * is a next page, whose cursor is the last kept row's position (`positionOf` it): its id and the list's
 * timestamptz as PostgreSQL sent it, which keeps every microsecond (a cursor never falls between two
 * rows of one millisecond). Each kept row is mapped once; the controller serializes the page (pageReply),
 * which may end it after an earlier row when it is too large to send: `cursorAfter` gives that row's
 * position as the cursor.
 */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  positionOf: (row: R) => Cursor,
): Page<T> {
  const more = rows.length > limit;
  const kept = more ? rows.slice(0, limit) : rows;
  const items = kept.map(map);
  const cursorAfter = (index: number) => {
    const position = positionOf(kept[index]);
    return encodeCursor(isoTimeMicros(position.at), position.id);
  };
  return more ? { items, nextCursor: cursorAfter(kept.length - 1), cursorAfter } : { items, cursorAfter };
}

/** A newest-first list of one table (and what it joins), read as tuples of `columns`. */
export interface NewestFirstList<R extends readonly unknown[], T> {
  table: string;
  /** The table's alias in the list's SQL: `where` conditions may qualify columns with it. */
  alias: string;
  /** The list's timestamptz column: `order by <at> desc, <id> desc`. */
  at: string;
  /** The table's column that identifies a row, the order's second key; `id` unless said. */
  id?: string;
  /**
   * Joins after the table (`join customers c on c.id = v.customer_id`): their columns may be selected and
   * named in `where` conditions. Each row of the table must meet at most one row of each.
   */
  join?: string;
  columns: readonly string[];
  /** The select list, when a column is not the table's own (an expression); else `columns`, qualified. */
  select?: string;
  map: (row: R) => T;
  /** A row's `at` and id (see positionBy). */
  position: (row: R) => Cursor;
}

/**
 * A page of `list`: `fetchLimit(limit)` rows after `after` that meet every `where` condition (`params`
 * are their `?`s, in order), newest first. With `viaHits`, the positions of every match are taken
 * first (through a search index) and sorted, and only the page's rows are then read whole: its cost
 * follows the number of matches. Otherwise the newest-first index walks to the page. Rows come as
 * tuples (sqlTuples) and are read by column name.
 */
export async function newestFirstPage<R extends readonly unknown[], T>(
  em: EntityManager,
  list: NewestFirstList<R, T>,
  filter: { where: readonly string[]; params: readonly unknown[]; after?: Cursor; viaHits: boolean },
  limit: number,
): Promise<Page<T>> {
  const { table, alias: a, at, id = 'id' } = list;
  // Parenthesised when it joins, so that it can be joined as one.
  const from = list.join ? `(${table} ${a} ${list.join})` : `${table} ${a}`;
  const where = [...filter.where];
  const params = [...filter.params];
  if (filter.after) {
    where.push(`(${a}.${at}, ${a}.${id}) < (?, ?)`);
    params.push(filter.after.at, filter.after.id);
  }
  const conditions = where.join(' and ');
  const select = `select ${list.select ?? list.columns.map((column) => `${a}.${column}`).join(', ')}`;
  const order = `order by ${a}.${at} desc, ${a}.${id} desc`;
  const take = fetchLimit(limit);
  const text = filter.viaHits
    ? `with hits as materialized (select ${a}.${id}, ${a}.${at} from ${from} where ${conditions}),
            top as (select ${id} from hits ${a} ${order} limit ${take})
       ${select} from top join ${from} on ${a}.${id} = top.${id} ${order}`
    : `${select} from ${from} where ${conditions} ${order} limit ${take}`;
  const rows = await sqlTuples<R>(em, text, params);
  return toPage(rows, limit, list.map, list.position);
}
