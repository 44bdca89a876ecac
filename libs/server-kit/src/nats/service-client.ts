import {
  createInbox,
  ErrorCode as NatsErrorCode,
  Events,
  headers,
  JSONCodec,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  NatsError,
} from 'nats';
import {
  type Caller,
  DomainException,
  ErrorCode,
  isRpcErrorBody,
  REQUEST_ID_HEADER,
} from '@parley/contracts';
import { currentRequestId } from '../logging/request-context';
import { RAW_REPLY_HEADER } from './raw-reply';

const codec = JSONCodec();

interface ReplyPacket<T> {
  response?: T;
  err?: unknown;
}

/** A RawReply as it arrives: its bytes and its headers. */
export interface RawAnswer {
  body: Uint8Array;
  header(name: string): string | undefined;
}

interface Waiting {
  resolve(msg: Msg): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  service: string;
}

/**
 * Request-reply and events over NATS. Requests share one reply inbox (a single subscription, answers
 * told apart by the reply subject's last token) and always have a timeout: no responder →
 * SERVICE_UNAVAILABLE at once, no answer in time → TIMEOUT. (nats.js's own `request` does the same but
 * builds an Error with a stack trace for every request it completes.)
 * Replies follow Nest's NATS packet format, so services are plain `@MessagePattern` handlers.
 */
export class ServiceClient {
  private nextId = 0;
  private readonly inbox = `${createInbox()}.`;
  /**
   * Requests waiting for their reply, by id. A null-prototype object, not a Map: V8 links each table a
   * Map outgrows or compacts to its successor, and with one insert and one delete per request a Map
   * replaces its table every dozen requests. Once one of those tables reaches the old generation (a
   * full GC promotes the live one), each scavenge keeps its successors alive through that link, with
   * the requests and replies they still hold, and promotes them in turn: the process then needs one
   * full GC after another for as long as requests flow (docs/agent.md, "The gateway's bad state"; the
   * figures are in docs/performance.md, "The gateway's bad GC state").
   */
  private readonly waiting: Record<string, Waiting> = Object.create(null) as Record<string, Waiting>;
  /** False while the connection to NATS is lost and nats.js is reconnecting (see `watchConnection`). */
  private connected = true;

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    private readonly timeoutMs: number,
  ) {
    nc.subscribe(`${this.inbox}*`, {
      callback: (error, msg) => {
        if (!error) this.answer(msg);
      },
    });
    void nc.closed().then(() => this.failWaiting());
    void this.watchConnection();
  }

  /**
   * While the connection is lost, nats.js buffers publishes until it reconnects, so a request would wait
   * for its timeout (a 504 for every request of the outage's last seconds, and for those just after it):
   * instead, requests fail at once with SERVICE_UNAVAILABLE from the disconnect until the reconnect, and
   * the ones under way when it dropped fail then (their answers could not reach the lost inbox anyway).
   */
  private async watchConnection(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === Events.Disconnect) {
        this.connected = false;
        this.failWaiting();
      } else if (status.type === Events.Reconnect) this.connected = true;
    }
  }

  private failWaiting(): void {
    for (const [id, waiting] of Object.entries(this.waiting)) {
      this.settle(id, waiting);
      waiting.reject(brokerUnavailable());
    }
  }

  /**
   * `caller` names the signed-in owner (services trust only this) and the request id; inside a service
   * the id of the request being handled is used when none is given.
   */
  async send<T>(subject: string, data: unknown, caller: Caller = {}, timeoutMs = this.timeoutMs): Promise<T> {
    const msg = await this.request(subject, data, caller, timeoutMs);
    return unpack<T>(codec.decode(msg.data) as ReplyPacket<T>);
  }

  /** The same for a handler that answers a RawReply: its bytes, untouched. */
  async sendRaw(subject: string, data: unknown, caller: Caller = {}): Promise<RawAnswer> {
    const msg = await this.request(subject, data, caller, this.timeoutMs);
    if (msg.headers?.get(RAW_REPLY_HEADER) !== '1') {
      unpack(codec.decode(msg.data) as ReplyPacket<unknown>); // an error packet throws here
      throw new DomainException(ErrorCode.Internal, 'The service answered in an unexpected form');
    }
    return { body: msg.data, header: (name) => msg.headers?.get(name) || undefined };
  }

  private request(subject: string, data: unknown, caller: Caller, timeoutMs: number): Promise<Msg> {
    if (!this.connected) return Promise.reject(brokerUnavailable());
    const requestId = caller.requestId ?? currentRequestId();
    let hdrs: MsgHdrs | undefined;
    if (requestId) {
      hdrs = headers();
      hdrs.set(REQUEST_ID_HEADER, requestId);
    }
    const id = String(++this.nextId);
    const packet = { id, pattern: subject, data: { actor: caller.actor, data } };
    const service = subject.split('.')[0];
    return new Promise<Msg>((resolve, reject) => {
      const waiting: Waiting = {
        resolve,
        reject,
        service,
        timer: setTimeout(() => {
          this.settle(id, waiting);
          reject(new DomainException(ErrorCode.Timeout, `The ${service} service did not answer in time`));
        }, timeoutMs),
      };
      this.waiting[id] = waiting;
      try {
        this.nc.publish(this.prefix + subject, codec.encode(packet), {
          reply: this.inbox + id,
          headers: hdrs,
        });
      } catch (error) {
        this.settle(id, waiting);
        reject(toDomainException(error));
      }
    });
  }

  /** A reply, or the server's "no responders" status (503 without a body), to a request still waiting. */
  private answer(msg: Msg): void {
    const id = msg.subject.slice(this.inbox.length);
    const waiting = this.waiting[id];
    if (!waiting) return; // it timed out
    this.settle(id, waiting);
    if (msg.data.length === 0 && msg.headers?.code === 503)
      waiting.reject(
        new DomainException(ErrorCode.ServiceUnavailable, `The ${waiting.service} service is unavailable`),
      );
    else waiting.resolve(msg);
  }

  private settle(id: string, waiting: Waiting): void {
    clearTimeout(waiting.timer);
    delete this.waiting[id];
  }

  /** Fire-and-forget notification (WebSocket fan-out and the like). Not for events that must not be lost. */
  emit(subject: string, payload: unknown): void {
    this.nc.publish(this.prefix + subject, codec.encode(payload));
  }
}

function brokerUnavailable(): DomainException {
  return new DomainException(ErrorCode.ServiceUnavailable, 'The message broker is unavailable');
}

function unpack<T>(reply: ReplyPacket<T>): T {
  if (reply.err !== undefined) {
    if (isRpcErrorBody(reply.err))
      throw new DomainException(reply.err.code, reply.err.message, reply.err.details);
    throw new DomainException(ErrorCode.Internal, 'The service could not complete the request');
  }
  return reply.response as T;
}

/** A publish that NATS refused: larger than the server's max_payload, or the connection is closed or draining. */
function toDomainException(error: unknown): Error {
  if (error instanceof NatsError && error.code === NatsErrorCode.MaxPayloadExceeded) {
    return new DomainException(ErrorCode.PayloadTooLarge, 'The request is too large to send');
  }
  if (
    error instanceof NatsError &&
    [NatsErrorCode.ConnectionClosed, NatsErrorCode.Disconnect, NatsErrorCode.ConnectionDraining].includes(
      error.code as NatsErrorCode,
    )
  ) {
    return brokerUnavailable();
  }
  return error instanceof Error ? error : new Error(String(error));
}
