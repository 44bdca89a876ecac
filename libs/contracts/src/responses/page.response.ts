/** One page of a list endpoint; pass `nextCursor` back as `?cursor=` for the next page, null on the last one. */
export interface PageResponse<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A page as messaging-service hands it to the gateway: the items already serialized (once, there), so
 * that a hundred rows are neither parsed nor re-serialized on the way. The gateway sends `itemsJson`
 * as the response body, an array of the list's item type.
 */
export interface SerializedPageResponse {
  itemsJson: string;
  nextCursor: string | null;
}
