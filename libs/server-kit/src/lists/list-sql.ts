// Helpers of the *.queries.ts files of every service's lists.

/** `%q%` for LIKE, with the wildcards in q taken literally; lower-cased to match the indexes. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * How many rows a page query fetches for a page of `limit`, written into the SQL text as a number, not
 * passed as a parameter. PostgreSQL estimates `limit $n` at a tenth of the owner's rows, so the generic
 * plan of a prepared list query looked far dearer than a custom one and PostgreSQL planned the query
 * again on every run, which cost about as much as running it; with the number in the text it keeps the
 * generic plan after five runs (docs/performance.md, "Generic plans for list queries"). The number is
 * the next of a few sizes above `limit`, plus the row that tells whether there is a next page, so that
 * the SQL texts stay a small set whatever sizes clients ask for (the page keeps only `limit` of them).
 */
export function fetchLimit(limit: number): number {
  return (FETCH_SIZES.find((size) => size >= limit) ?? limit) + 1;
}

const FETCH_SIZES = [5, 10, 20, 50, 100, 200, 500];
