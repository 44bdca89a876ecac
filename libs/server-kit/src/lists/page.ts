import { PAGE_NEXT_CURSOR_HEADER } from '@parley/contracts';
import { RawReply } from '../nats/raw-reply';

/** A page of a list, as services see it: its items, and the next page's cursor if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
  /**
   * The cursor of the page that follows `items[index]`: lets the transport end a page that is too large
   * to send after an earlier item (pageReply). Keyset lists give it; without it a page is sent whole or
   * refused.
   */
  cursorAfter?: (index: number) => string;
}

/**
 * The controller edge of a list: the page serialized once into the bytes the gateway sends as the HTTP
 * body (a JSON array), with the next cursor in PAGE_NEXT_CURSOR_HEADER (see RawReply and
 * docs/agent.md, "Pages pass through the gateway as bytes"). This is the wire format to the gateway; a
 * list handler answers `this.service.list(…).then(pageReply)`.
 *
 * A page larger than the transport's byte budget (NATS's max_payload less REPLY_HEADROOM) ends at the
 * last item that fits, with `cursorAfter` that item as its next cursor: a short page with a cursor,
 * which keyset paging allows, and the client walks on from there (docs/architecture.md, "Answers and
 * NATS's max_payload").
 */
export function pageReply<T>(page: Page<T>): RawReply {
  return reply(Buffer.from(JSON.stringify(page.items)), page.nextCursor, page.cursorAfter && shortened(page));
}

function reply(body: Buffer, nextCursor: string | undefined, shorten?: (maxBytes: number) => RawReply) {
  const headers: Record<string, string> =
    nextCursor === undefined ? {} : { [PAGE_NEXT_CURSOR_HEADER]: nextCursor };
  return new RawReply(body, headers, shorten);
}

/**
 * The page's first items whose JSON array fits `maxBytes` (at least one: a single item too large for
 * any page is left for the transport to refuse), then the cursor after the last of them.
 */
function shortened<T>(page: Page<T>): (maxBytes: number) => RawReply {
  return (maxBytes) => {
    const parts: string[] = [];
    let size = 1; // the array so far, ']' included: '[' + parts joined by ',' + ']'
    for (const item of page.items) {
      const part = JSON.stringify(item);
      const bytes = Buffer.byteLength(part);
      if (parts.length > 0 && size + 1 + bytes > maxBytes) break;
      parts.push(part);
      size += bytes + 1;
    }
    const body = Buffer.from(`[${parts.join(',')}]`);
    const complete = parts.length === page.items.length;
    return reply(body, complete ? page.nextCursor : page.cursorAfter?.(parts.length - 1));
  };
}
