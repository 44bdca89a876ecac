import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { LIST_NEXT_CURSOR_HEADER, type PageResponse } from '@parley/contracts';
import type { ApiEndpointBuilder, ApiTag } from './api';

/**
 * A list answer with the cursor of its next page (null on the last page): the list endpoints answer a
 * plain array, and the cursor comes in the LIST_NEXT_CURSOR_HEADER header.
 */
export function toListPage<T>(items: T[], meta: FetchBaseQueryMeta | undefined): PageResponse<T> {
  return {
    items: Array.isArray(items) ? items : [],
    nextCursor: meta?.response?.headers.get(LIST_NEXT_CURSOR_HEADER) || null,
  };
}

export type QueryValue = string | number | null | undefined;

/** The search and filters a list endpoint takes: each a query-string parameter; `q` is the search text. */
export type ListArgs<A> = { [K in keyof A]: QueryValue } & { q?: string };

/** Query-string parameters without the empty ones: an absent filter is no filter. */
export function listParams(values: Record<string, QueryValue>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).filter(
      (entry): entry is [string, string | number] =>
        entry[1] !== null && entry[1] !== undefined && entry[1] !== '',
    ),
  );
}

/** The query string of one list call: the filters, the search trimmed, then the page's cursor. */
function listQuery<A extends ListArgs<A>>(url: string, args: A, cursor: string | null = null) {
  const values: Record<string, QueryValue> = { ...args, q: args.q?.trim(), cursor };
  return { url, params: listParams(values) };
}

/**
 * A list endpoint read a page at a time (a page with Load more): GET `url` with the filters, then the
 * cursor of `x-next-cursor`, until a page comes without one. Every list page uses this one.
 */
export function listFeedEndpoint<T, A extends ListArgs<A>>(
  build: ApiEndpointBuilder,
  url: string,
  tag: ApiTag,
) {
  return build.infiniteQuery<PageResponse<T>, A, string | null>({
    infiniteQueryOptions: {
      initialPageParam: null,
      getNextPageParam: (lastPage) => lastPage.nextCursor,
    },
    query: ({ queryArg, pageParam }) => listQuery(url, queryArg, pageParam),
    transformResponse: (items: T[], meta) => toListPage(items, meta),
    providesTags: [tag],
  });
}

/** The first page of a list endpoint alone (the dashboard, the bell, a thread), with its next cursor. */
export function listPageEndpoint<T, A extends ListArgs<A>>(
  build: ApiEndpointBuilder,
  url: string,
  tag: ApiTag,
) {
  return build.query<PageResponse<T>, A>({
    query: (args) => listQuery(url, args),
    transformResponse: (items: T[], meta) => toListPage(items, meta),
    providesTags: [tag],
  });
}
