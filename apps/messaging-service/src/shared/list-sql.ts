import { isoTimeMicros } from '@parley/server-kit';
import { type Cursor, encodeCursor } from './cursor';
import type { Page } from './page';

// Helpers of the *.queries.ts files for newest-first lists: the SQL side of paging. Services never
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

/** `%q%` for LIKE, with the wildcards in q taken literally; lower-cased to match the indexes. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The page of a query that fetched `fetchLimit(limit)` rows: rows beyond `limit` only tell that there
 * is a next page, whose cursor is the last kept row's position (`positionOf` it): its id and the list's
 * timestamptz as PostgreSQL sent it, which keeps every microsecond (a cursor never falls between two
 * rows of one millisecond). Each kept row is mapped once; the controller serializes the page (pageReply).
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
  if (!more) return { items };
  const last = positionOf(kept[kept.length - 1]);
  return { items, nextCursor: encodeCursor(isoTimeMicros(last.at), last.id) };
}

/**
 * How many rows a page query fetches for a page of `limit`, written into the SQL text as a number, not
 * passed as a parameter. PostgreSQL estimates `limit $n` at a tenth of the owner's rows, so the generic
 * plan of a prepared list query looked far dearer than a custom one and PostgreSQL planned the query
 * again on every run, which cost about as much as running it; with the number in the text it keeps the
 * generic plan after five runs (docs/performance.md, "Generic plans for list queries"). The number is
 * the next of a few sizes above `limit`, plus the row that tells whether there is a next page, so that
 * the SQL texts stay a small set whatever sizes clients ask for (toPage drops the rows beyond `limit`).
 */
export function fetchLimit(limit: number): number {
  return (FETCH_SIZES.find((size) => size >= limit) ?? limit) + 1;
}

const FETCH_SIZES = [5, 10, 20, 50, 100, 200, 500];
