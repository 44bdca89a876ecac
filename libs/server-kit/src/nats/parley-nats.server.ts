import type { MsPattern } from '@nestjs/microservices';
import { ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { REQUEST_ID_HEADER } from '@parley/contracts';
import { requestContext } from '../logging/request-context';
import { requireMembers } from '../patches/patches';
import { tuneConnection } from './nats-connection';
import { RawReply } from './raw-reply';

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
 */
export class ParleyNatsServer extends ServerNats {
  private connection?: NatsConnection;
  private readonly subs: Subscription[] = [];
  private inFlight = 0;
  private onIdle?: () => void;

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
      } finally {
        // A request is finished when its reply goes out (see getPublisher); an event when its handler returns.
        if (!isRequest) this.done();
      }
    });
  }

  /** Nest's packet, or a RawReply's bytes as they are (see RawReply). */
  override getPublisher(natsMsg: Msg, id: string, ctx: Parameters<ServerNats['getPublisher']>[2]) {
    const publish = super.getPublisher(natsMsg, id, ctx);
    let finished = false;
    return (response: { response?: unknown; isDisposed?: boolean }) => {
      const raw = response.response;
      const result: unknown =
        raw instanceof RawReply && natsMsg.reply
          ? natsMsg.respond(raw.body, { headers: raw.natsHeaders() })
          : publish(response);
      if (response.isDisposed && !finished) {
        finished = true;
        this.done();
      }
      return result;
    };
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

  private done(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.onIdle?.();
  }
}
