import { PAGE_NEXT_CURSOR_HEADER } from '@parley/contracts';
import { RawReply } from '../nats/raw-reply';

/** A page of a list, as services see it: its items, and the next page's cursor if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * The controller edge of a list: the page serialized once into the bytes the gateway sends as the HTTP
 * body (a JSON array), with the next cursor in PAGE_NEXT_CURSOR_HEADER (see RawReply and
 * docs/agent.md, "Pages pass through the gateway as bytes"). This is the wire format to the gateway; a
 * list handler answers `this.service.list(…).then(pageReply)`.
 */
export function pageReply<T>(page: Page<T>): RawReply {
  const body = Buffer.from(JSON.stringify(page.items));
  return page.nextCursor === undefined
    ? new RawReply(body)
    : new RawReply(body, { [PAGE_NEXT_CURSOR_HEADER]: page.nextCursor });
}
