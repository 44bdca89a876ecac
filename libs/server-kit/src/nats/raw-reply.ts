import { headers, type MsgHdrs } from 'nats';

/** Marks a reply whose body is the answer itself, not a JSON packet (see RawReply). */
export const RAW_REPLY_HEADER = 'parley-raw';

/**
 * What a `@MessagePattern` handler returns to answer with bytes that the caller passes on as they are,
 * e.g. a page of a list already serialized as the HTTP response body: the bytes become the NATS reply's
 * body, with `headers` beside them, instead of being escaped into Nest's JSON packet and parsed back.
 * Callers read it with `ServiceClient.sendRaw`; errors still travel as packets.
 */
export class RawReply {
  constructor(
    readonly body: Uint8Array,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  natsHeaders(): MsgHdrs {
    const h = headers();
    h.set(RAW_REPLY_HEADER, '1');
    for (const [name, value] of Object.entries(this.headers)) h.set(name, value);
    return h;
  }
}
