import { randomUUID } from 'node:crypto';
import {
  ErrorCode as NatsErrorCode,
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

/**
 * Request-reply and events over NATS. Requests share one multiplexed reply inbox (fast) and always have a
 * timeout: no responder → SERVICE_UNAVAILABLE at once, no answer in time → TIMEOUT.
 * Replies follow Nest's NATS packet format, so services are plain `@MessagePattern` handlers.
 */
export class ServiceClient {
  private nextId = 0;
  private readonly idPrefix = randomUUID().slice(0, 8);

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
    private readonly timeoutMs: number,
  ) {}

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

  private async request(subject: string, data: unknown, caller: Caller, timeoutMs: number): Promise<Msg> {
    const requestId = caller.requestId ?? currentRequestId();
    let hdrs: MsgHdrs | undefined;
    if (requestId) {
      hdrs = headers();
      hdrs.set(REQUEST_ID_HEADER, requestId);
    }
    const packet = {
      id: `${this.idPrefix}-${++this.nextId}`,
      pattern: subject,
      data: { actor: caller.actor, data },
    };
    try {
      return await this.nc.request(this.prefix + subject, codec.encode(packet), {
        timeout: timeoutMs,
        headers: hdrs,
      });
    } catch (error) {
      throw toDomainException(error, subject);
    }
  }

  /** Fire-and-forget notification (WebSocket fan-out and the like). Not for events that must not be lost. */
  emit(subject: string, payload: unknown): void {
    this.nc.publish(this.prefix + subject, codec.encode(payload));
  }
}

function unpack<T>(reply: ReplyPacket<T>): T {
  if (reply.err !== undefined) {
    if (isRpcErrorBody(reply.err))
      throw new DomainException(reply.err.code, reply.err.message, reply.err.details);
    throw new DomainException(ErrorCode.Internal, 'The service could not complete the request');
  }
  return reply.response as T;
}

function toDomainException(error: unknown, subject: string): Error {
  if (error instanceof NatsError) {
    const service = subject.split('.')[0];
    switch (error.code) {
      case NatsErrorCode.NoResponders:
        return new DomainException(ErrorCode.ServiceUnavailable, `The ${service} service is unavailable`);
      case NatsErrorCode.Timeout:
        return new DomainException(ErrorCode.Timeout, `The ${service} service did not answer in time`);
      case NatsErrorCode.ConnectionClosed:
      case NatsErrorCode.Disconnect:
      case NatsErrorCode.ConnectionDraining:
        return new DomainException(ErrorCode.ServiceUnavailable, 'The message broker is unavailable');
      default:
        return error;
    }
  }
  return error instanceof Error ? error : new Error(String(error));
}
