import type { PageResponse } from '@parley/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useUrlSearch } from './use-url-search';

/** What a list page reads of its infinite query (an RTK Query `use…InfiniteQuery` result). */
export interface ListFeed<T> {
  data?: { pages: PageResponse<T>[] };
  isLoading: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The filter selects of a list page, each 'all' or one value. */
export type ListChoices<C = Record<string, string>> = Record<keyof C, string>;

/** The filters sent to the server: the settled search as `q`, and each choice but 'all'. */
export type ChosenFilters<C extends ListChoices<C>> = { q?: string } & {
  [K in keyof C]?: Exclude<C[K], 'all'>;
};

export interface FilteredList<T, C extends ListChoices<C>> {
  /** The search box's text (kept in `?q=`) and its setter. */
  search: string;
  setSearch: (search: string) => void;
  /** Each filter select's value, and the setter of one. */
  choices: C;
  choose: <K extends keyof C>(key: K) => (value: C[K]) => void;
  /** A search or a filter is set. */
  filtered: boolean;
  feed: ListFeed<T>;
  /** The items of every loaded page, in order. */
  items: T[];
}

/**
 * A list page's state (spec 000 §2): the search in the address, the filter selects, and the server's
 * paged list for them (`useFeed`, a feature's `use…FeedInfiniteQuery`). The page renders it with
 * `FilteredListPage`.
 */
export function useFilteredList<T, C extends ListChoices<C>>(
  useFeed: (filters: ChosenFilters<C>) => ListFeed<T>,
  allChoices: C,
): FilteredList<T, C> {
  const [search, setSearch, query] = useUrlSearch();
  const [choices, setChoices] = useState<C>(allChoices);
  const choose = useCallback(
    <K extends keyof C>(key: K) =>
      (value: C[K]) =>
        setChoices((current) => ({ ...current, [key]: value })),
    [],
  );

  const filters = chosenFilters(query, choices);
  const feed = useFeed(filters);
  const { data } = feed;
  const items = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  return { search, setSearch, choices, choose, filtered: Object.keys(filters).length > 0, feed, items };
}

function chosenFilters<C extends ListChoices<C>>(query: string, choices: C): ChosenFilters<C> {
  const filters: Record<string, string> = {};
  if (query.trim() !== '') filters.q = query.trim();
  for (const [key, value] of Object.entries<string>(choices)) if (value !== 'all') filters[key] = value;
  return filters as ChosenFilters<C>;
}
