/** One page of a list endpoint; pass `nextCursor` back as `?cursor=` for the next page, null on the last one. */
export interface PageResponse<T> {
  items: T[];
  nextCursor: string | null;
}

