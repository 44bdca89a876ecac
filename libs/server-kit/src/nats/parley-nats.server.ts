import type { MsPattern } from '@nestjs/microservices';
import { ServerNats } from '@nestjs/microservices';
import {
  ErrorCode as NatsErrorCode,
  JSONCodec,
  type Msg,
  type NatsConnection,
  NatsError,
  type Subscription,
} from 'nats';
import { ErrorCode, REQUEST_ID_HEADER, type RpcErrorBody } from '@parley/contracts';
import { requestContext } from '../logging/request-context';
import { requireMembers } from '../patches/patches';
import { tuneConnection } from './nats-connection';
import { RawReply, REPLY_HEADROOM } from './raw-reply';

/** NATS's default max_payload, for the moment before the server's INFO has arrived. */
const DEFAULT_MAX_PAYLOAD = 1024 * 1024;

const TOO_LARGE: RpcErrorBody = {
  code: ErrorCode.AnswerTooLarge,
  message: 'The answer was too large to send',
};
const UNREADABLE: RpcErrorBody = {
  code: ErrorCode.Internal,
  message: 'The service could not complete the request',
};

const codec = JSONCodec();

export interface ParleyNatsServerOptions {
  servers: string[];
  /** Queue group: replicas of one service share its subjects; only one answers each request. */
  queue: string;
  /** Put in front of every subject this server subscribes to. */
  prefix: string;
  /** SIGTERM waits at most this long for in-flight requests. */
  shutdownTimeoutMs: number;
  name: string;
}

/**
 * The nest-server-nats patch's guard (libs/server-kit/src/patches/patches.ts): ServerNats still has the
 * members ParleyNatsServer overrides and those through which Nest reaches them. An override of a method
 * Nest no longer has (or no longer calls by that name) would be dead code, and the prefix, the request
 * context or the graceful shutdown would silently be gone. `serverNats` is a stand-in in tests.
 */
export function checkServerNatsPatch(serverNats: { prototype: object } = ServerNats): void {
  requireMembers('nest-server-nats', serverNats.prototype, 'ServerNats.prototype', {
    listen: 'function',
    start: 'function',
    normalizePattern: 'function',
    getHandlerByPattern: 'function',
    createNatsClient: 'function',
    bindEvents: 'function',
    getMessageHandler: 'function',
    handleMessage: 'function',
    getPublisher: 'function',
    close: 'function',
  });
}

/**
 * Nest's NATS transport with what a service needs in production: a subject prefix, the caller's
 * request id in the log context, and a shutdown that stops taking work, lets in-flight requests
 * finish and flushes their replies before the connection closes.
 *
 * No answer can end the process: a reply larger than the server's max_payload (nats.js throws
 * MAX_PAYLOAD_EXCEEDED from `respond`, which Nest sends from a callback nothing catches) is refused with
 * ANSWER_TOO_LARGE instead, after a RawReply that can be shortened (a list page) has been; a message the
 * transport cannot even read is answered INTERNAL. Both are logged.
 */
export class ParleyNatsServer extends ServerNats {
  private connection?: NatsConnection;
  private readonly subs: Subscription[] = [];
  private inFlight = 0;
  private onIdle?: () => void;
  /** Requests whose work is over (answered, or failed before an answer): counted out of inFlight once. */
  private readonly finished = new WeakSet<Msg>();

  constructor(private readonly opts: ParleyNatsServerOptions) {
    super({
      servers: opts.servers,
      queue: opts.queue,
      name: opts.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      noAsyncTraces: true,
    });
    checkServerNatsPatch();
    requireMembers('nest-server-nats', this, 'ServerNats', { messageHandlers: 'object' });
  }

  protected override normalizePattern(pattern: MsPattern): string {
    return this.opts.prefix + super.normalizePattern(pattern);
  }

  /** Subjects arrive already prefixed and are the handler map's keys: look them up as they are. */
  override getHandlerByPattern(subject: string) {
    return this.messageHandlers.get(subject) ?? null;
  }

  override async createNatsClient(): Promise<NatsConnection> {
    this.connection = (await super.createNatsClient()) as NatsConnection;
    tuneConnection(this.connection);
    return this.connection;
  }

  override bindEvents(client: NatsConnection): void {
    for (const channel of this.messageHandlers.keys()) {
      const callback = this.getMessageHandler(channel).bind(this) as (err: Error | null, msg: Msg) => void;
      this.subs.push(client.subscribe(channel, { queue: this.opts.queue, callback }));
    }
  }

  override handleMessage(channel: string, natsMsg: Msg): Promise<unknown> {
    this.inFlight++;
    const requestId = natsMsg.headers?.get(REQUEST_ID_HEADER) || undefined;
    const isRequest = Boolean(natsMsg.reply);
    return requestContext.run({ requestId }, async () => {
      try {
        return await super.handleMessage(channel, natsMsg);
      } catch (error) {
        // Nest's own pipeline failed (a body that is not JSON, …): nothing else would catch it.
        this.logFailure(natsMsg.subject, error);
        if (isRequest && !this.finished.has(natsMsg))
          this.attempt(natsMsg, () => natsMsg.respond(codec.encode({ err: UNREADABLE })));
        if (isRequest) this.finish(natsMsg);
        return undefined;
      } finally {
        // A request is finished when its reply goes out (see getPublisher); an event when its handler returns.
        if (!isRequest) this.done();
      }
    });
  }

  /** Nest's packet, or a RawReply's bytes as they are (see RawReply); never a throw. */
  override getPublisher(natsMsg: Msg, id: string, ctx: Parameters<ServerNats['getPublisher']>[2]) {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (response: { response?: unknown; err?: unknown; isDisposed?: boolean }) => {
      let result: unknown;
      try {
        const raw = response.response;
        result = raw instanceof RawReply && natsMsg.reply ? this.respondRaw(natsMsg, raw) : publish(response);
      } catch (error) {
        result = this.refuse(natsMsg, error, () => publish({ err: TOO_LARGE }));
      }
      if (response.isDisposed) this.finish(natsMsg);
      return result;
    };
  }

  /** How many bytes one reply may hold: the server's max_payload (from its INFO). */
  maxPayload(): number {
    return this.connection?.info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
  }

  private respondRaw(natsMsg: Msg, raw: RawReply): boolean {
    const fitted = raw.within(this.maxPayload() - REPLY_HEADROOM);
    return natsMsg.respond(fitted.body, { headers: fitted.natsHeaders() });
  }

  /**
   * A reply nats.js would not send: too large for the server (answered ANSWER_TOO_LARGE with `refusal`),
   * or any other failure of the connection (logged; the caller times out or learns the broker is gone).
   */
  private refuse(natsMsg: Msg, error: unknown, refusal: () => unknown): unknown {
    if (error instanceof NatsError && error.code === NatsErrorCode.MaxPayloadExceeded) {
      this.logger.error(
        `answer to ${natsMsg.subject} refused: larger than NATS's max_payload (${this.maxPayload()} bytes)`,
      );
      return this.attempt(natsMsg, refusal);
    }
    this.logFailure(natsMsg.subject, error);
    return undefined;
  }

  /** Runs `send` (a reply), logging instead of throwing when even that fails. */
  private attempt(natsMsg: Msg, send: () => unknown): unknown {
    try {
      return send();
    } catch (error) {
      this.logFailure(natsMsg.subject, error);
      return undefined;
    }
  }

  /** One JSON line naming the subject, the error and its stack. */
  private logFailure(subject: string, error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    this.logger.error({ msg: `${subject}: ${err.message}`, err: { name: err.name, stack: err.stack } });
  }

  override async close(): Promise<void> {
    await Promise.all(this.subs.map((sub) => sub.drain()));
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.shutdownTimeoutMs);
        this.onIdle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    if (this.connection && !this.connection.isClosed()) await this.connection.flush();
    await super.close();
  }

  /** True while the NATS connection is open (used by the readiness probe). */
  isConnected(): boolean {
    return this.connection !== undefined && !this.connection.isClosed();
  }

  private finish(natsMsg: Msg): void {
    if (this.finished.has(natsMsg)) return;
    this.finished.add(natsMsg);
    this.done();
  }

  private done(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.onIdle?.();
  }
}
