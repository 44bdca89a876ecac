import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { PageResponse } from '@parley/contracts';

/** The list endpoints answer a plain array; the next page's cursor comes in this header (docs/agent.md). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** A list answer with the cursor of its next page (null on the last page). */
export function toListPage<T>(items: T[], meta: FetchBaseQueryMeta | undefined): PageResponse<T> {
  return {
    items: Array.isArray(items) ? items : [],
    nextCursor: meta?.response?.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

export type QueryValue = string | number | null | undefined;

/** Query-string parameters without the empty ones: an absent filter is no filter. */
export function listParams(values: Record<string, QueryValue>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string | number] =>
        entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    ),
  );
}
