import { DomainException, ErrorCode } from '@parley/contracts';

/**
 * A place in the product list, which is ordered by lower(name): the last listed product's lower(name).
 * An owner has one product per name, case-insensitively (the unique index on (owner_id, lower(name))),
 * so the name alone places a page; no id is needed to break ties. Opaque to clients.
 */
export function encodeCursor(sortKey: string): string {
  return Buffer.from(JSON.stringify([sortKey])).toString('base64url');
}

/** The longest lower(name) a stored name can have (lower-casing may lengthen a name a little). */
const MAX_SORT_KEY = 1000;

/** The client's `cursor` (the previous page's x-next-cursor), or a 400 naming it when it is not one. */
export function decodeCursor(cursor: string | null | undefined): string | undefined {
  if (!cursor) return undefined;
  const position = parseJson(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (Array.isArray(position) && position.length === 1) {
    const [sortKey] = position as unknown[];
    // PostgreSQL refuses NUL in text: such a cursor is not one this service wrote.
    if (typeof sortKey === 'string' && sortKey.length <= MAX_SORT_KEY && !sortKey.includes('\u0000'))
      return sortKey;
  }
  throw new DomainException(
    ErrorCode.ValidationFailed,
    'Cursor is not valid: pass the x-next-cursor of the previous page',
    { field: 'cursor' },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
