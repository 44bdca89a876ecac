import { headers, type MsgHdrs } from 'nats';

/** Marks a reply whose body is the answer itself, not a JSON packet (see RawReply). */
export const RAW_REPLY_HEADER = 'parley-raw';

/**
 * What a reply's body may take of NATS's max_payload: the rest is left for its headers (RAW_REPLY_HEADER,
 * a page's next cursor; a few hundred bytes) with a wide margin. The transport reads max_payload from
 * the server's INFO (1 MiB by default), so the budget is max_payload − REPLY_HEADROOM.
 */
export const REPLY_HEADROOM = 16 * 1024;

/**
 * What a `@MessagePattern` handler returns to answer with bytes that the caller passes on as they are,
 * e.g. a page of a list already serialized as the HTTP response body: the bytes become the NATS reply's
 * body, with `headers` beside them, instead of being escaped into Nest's JSON packet and parsed back.
 * Callers read it with `ServiceClient.sendRaw`; errors still travel as packets.
 *
 * `shorten`, when given, makes an answer that fits a byte budget from one that does not (a list page
 * that ends early, with the cursor of its last item): the transport calls it with its budget only when
 * the body is larger (see ParleyNatsServer).
 */
export class RawReply {
  constructor(
    readonly body: Uint8Array,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly shorten?: (maxBytes: number) => RawReply,
  ) {}

  natsHeaders(): MsgHdrs {
    const h = headers();
    h.set(RAW_REPLY_HEADER, '1');
    for (const [name, value] of Object.entries(this.headers)) h.set(name, value);
    return h;
  }

  /** This answer, or a shorter one (see `shorten`) when its body is larger than `maxBytes`. */
  within(maxBytes: number): RawReply {
    return this.body.length > maxBytes && this.shorten ? this.shorten(maxBytes) : this;
  }
}
