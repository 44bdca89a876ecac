import { type Answer, ok } from './fake-http';
import { invalidParameter } from './graph-errors';

/** How Graph reads: `fields` picks a node's fields, `limit` and `after` page an edge with cursors. */

const DEFAULT_LIMIT = 25;

/** The node's fields named in `fields` (comma-separated) that it has, and its id whatever was asked. */
export function pickFields(node: object, fields: string, id: string): Record<string, unknown> {
  const values = node as Record<string, unknown>;
  const picked: Record<string, unknown> = {};
  for (const field of fields.split(',').map((f) => f.trim())) {
    if (values[field] !== undefined) picked[field] = values[field];
  }
  return { ...picked, id };
}

/** An opaque cursor that points at one item. */
const cursorOf = (item: { id: string }) => Buffer.from(item.id).toString('base64url');

/**
 * One page of an edge as Graph answers it: `{ data, paging: { cursors: { before, after }, next? } }`.
 * `limit` items (default 25) from just after the `after` cursor, each shown by `show`; `next` is `url` with
 * the query and this page's `after` cursor, only when more follow; an empty page has no `paging`; an
 * unknown cursor is refused with code 100.
 */
export function cursorPage<T extends { id: string }>(
  items: T[],
  query: URLSearchParams,
  url: string,
  show: (item: T) => unknown,
): Answer {
  const asked = Number(query.get('limit'));
  const limit = Number.isInteger(asked) && asked > 0 ? asked : DEFAULT_LIMIT;
  const after = query.get('after');
  const start = after === null ? 0 : items.findIndex((item) => cursorOf(item) === after) + 1;
  if (after !== null && start === 0) return invalidParameter(`The after cursor ${after} is not valid`);

  const page = items.slice(start, start + limit);
  if (page.length === 0) return ok({ data: [] });
  const cursors = { before: cursorOf(page[0]), after: cursorOf(page[page.length - 1]) };
  const next = new URLSearchParams(query);
  next.set('limit', String(limit));
  next.set('after', cursors.after);
  return ok({
    data: page.map(show),
    paging: { cursors, ...(start + limit < items.length ? { next: `${url}?${next.toString()}` } : {}) },
  });
}
