import { DomainException, ErrorCode } from '@parley/contracts';

/** Keyset position in a newest-first list: the last row's time and id. Opaque to clients. */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(at: Date, id: string): string {
  return Buffer.from(JSON.stringify([at.toISOString(), id])).toString('base64url');
}

export function decodeCursor(cursor: string | null | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (
      typeof at === 'string' &&
      !Number.isNaN(Date.parse(at)) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/.test(id)
    ) {
      return { at, id };
    }
  } catch {
    // fall through
  }
  throw new DomainException(
    ErrorCode.ValidationFailed,
    'Cursor is not valid: pass the nextCursor of the previous page',
  );
}

/** `%q%` for LIKE, with the wildcards in q taken literally; lower-cased to match the indexes. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The page of a newest-first query that fetched `limit + 1` rows: the extra row only tells that there
 * is a next page, whose cursor is the last kept row's position.
 */
export function toPage<R extends { id: string }, T>(
  rows: R[],
  limit: number,
  at: (row: R) => Date,
  map: (row: R) => T,
): Page<T> {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  return { items: items.map(map), nextCursor: more && last ? encodeCursor(at(last), last.id) : null };
}
