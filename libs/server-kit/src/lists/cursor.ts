import { DomainException, ErrorCode } from '@parley/contracts';
import { UUID } from '../rpc/uuid';

/** Keyset position in a newest-first list: the last row's time and id. Opaque to clients. */
export interface Cursor {
  at: string;
  id: string;
}

export function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

/** The client's `cursor` (the previous page's nextCursor), or a 400 naming it when it is not one. */
export function decodeCursor(cursor: string | null | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  const position = parseJson(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (Array.isArray(position) && position.length === 2) {
    const [at, id] = position as unknown[];
    if (typeof at === 'string' && isTimestamp(at) && typeof id === 'string' && UUID.test(id))
      return { at, id };
  }
  throw new DomainException(
    ErrorCode.ValidationFailed,
    'Cursor is not valid: pass the nextCursor of the previous page',
    { field: 'cursor' },
  );
}

/** The form encodeCursor writes (isoTimeMicros): UTC, up to microseconds. */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A time PostgreSQL will take: the right form, and a real calendar day (not February 31st). */
function isTimestamp(text: string): boolean {
  const day = TIMESTAMP.exec(text)?.[1];
  const parsed = Date.parse(text);
  return day !== undefined && !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(day);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
