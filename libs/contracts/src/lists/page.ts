/** One page of a list endpoint; pass `nextCursor` back as `?cursor=` for the next page, null on the last one. */
export interface PageResponse<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The HTTP header of a list endpoint's answer that holds the next page's cursor (absent on the last
 * page): the gateway sets it, the web app reads it.
 */
export const LIST_NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * How messaging-service answers a list subject: a raw reply (server-kit's RawReply) whose body is the
 * page's items as JSON, serialized once there and sent on by the gateway as they are, and whose
 * header of this name holds the next page's cursor (absent on the last page). The gateway passes the
 * cursor on to the browser in LIST_NEXT_CURSOR_HEADER.
 */
export const PAGE_NEXT_CURSOR_HEADER = 'parley-next-cursor';
