import { DomainException, ErrorCode, PAGE_NEXT_CURSOR_HEADER } from '@parley/contracts';
import { RawReply } from '@parley/server-kit';

/** Keyset position in a newest-first list: the last row's time and id. Opaque to clients. */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
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

/**
 * `column` (a timestamptz) as whole microseconds since the epoch: exact (a cursor must not fall between
 * two rows of one millisecond), and a number to turn into a Date, where a timestamp arrives as text for
 * JavaScript's date parser. Read it back with `microsToDate`; PostgreSQL sends int8 as text.
 */
export function epochMicros(column: string): string {
  return `(extract(epoch from ${column}) * 1000000)::int8`;
}

export function microsToDate(micros: string): Date {
  return new Date(Math.floor(Number(micros) / 1000));
}

/** A row of a newest-first list query with its keyset position: `at_us` is `epochMicros` of its time. */
export interface KeysetRow {
  id: string;
  at_us: string;
}

/**
 * The page of a query that fetched `limit + 1` rows: the extra row only tells that there is a next
 * page, whose cursor is the last kept row's position. Items are serialized here, once, into the bytes
 * the gateway sends (see PAGE_NEXT_CURSOR_HEADER).
 */
export function toPageReply<R extends KeysetRow, T>(rows: R[], limit: number, map: (row: R) => T): RawReply {
  const more = rows.length > limit;
  const items = more ? rows.slice(0, limit) : rows;
  const last = items[items.length - 1];
  const body = Buffer.from(JSON.stringify(items.map(map)));
  return new RawReply(
    body,
    more && last ? { [PAGE_NEXT_CURSOR_HEADER]: encodeCursor(cursorTime(last.at_us), last.id) } : {},
  );
}

/** ISO 8601 with all six fractional digits, which PostgreSQL reads back exactly. */
function cursorTime(micros: string): string {
  const us = Number(micros);
  return `${microsToDate(micros).toISOString().slice(0, 23)}${String(us % 1000).padStart(3, '0')}Z`;
}
