import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type OwnerEvent, REALTIME_SUBJECT } from '@parley/contracts';
import { NATS_CONNECTION } from '@parley/server-kit';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { type WebSocket, WebSocketServer } from 'ws';
import { readCookie, SESSION_COOKIE } from '../auth/cookies';
import { SessionResolver } from '../auth/session-resolver';
import { GatewayConfig } from '../config/gateway.config';

const PATH = '/ws';
const HEARTBEAT_MS = 30_000;

/**
 * /ws: one socket per browser tab, authenticated by the session cookie and origin-checked at the
 * upgrade. Services publish `{ ownerId, event }` on NATS; each event goes only to that owner's sockets.
 */
@Injectable()
export class RealtimeHub implements OnModuleDestroy {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private subscription?: Subscription;
  private heartbeat?: NodeJS.Timeout;
  private origins = new Set<string>();

  constructor(
    private readonly sessions: SessionResolver,
    private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  attach(server: Server, allowedOrigins: string[]): void {
    this.origins = new Set(allowedOrigins);
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(req.url ?? '/', 'http://gateway').pathname !== PATH) return socket.destroy();
      void this.upgrade(req, socket, head);
    });
    const codec = JSONCodec<OwnerEvent>();
    this.subscription = this.nats.subscribe(this.config.NATS_PREFIX + REALTIME_SUBJECT, {
      callback: (error, msg) => {
        if (!error) this.deliver(codec.decode(msg.data));
      },
    });
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** How many sockets an owner has open (for tests and metrics). */
  socketsOf(ownerId: string): number {
    return this.sockets.get(ownerId)?.size ?? 0;
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    this.subscription?.unsubscribe();
    for (const socket of this.wss.clients) socket.close(1001, 'Server shutting down');
    this.wss.close();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const origin = req.headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) return refuse(socket, 403, 'Forbidden');
    let ownerId: string | undefined;
    try {
      ownerId = (await this.sessions.currentUser(readCookie(req.headers.cookie, SESSION_COOKIE)))?.id;
    } catch (error) {
      this.logger.warn(`websocket sign-in check failed: ${String(error)}`);
      return refuse(socket, 503, 'Service Unavailable');
    }
    if (!ownerId) return refuse(socket, 401, 'Unauthorized');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.register(ownerId, ws));
  }

  private register(ownerId: string, ws: WebSocket): void {
    let set = this.sockets.get(ownerId);
    if (!set) this.sockets.set(ownerId, (set = new Set()));
    set.add(ws);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('message', () => undefined); // the channel is server → browser only
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0) this.sockets.delete(ownerId);
    });
  }

  private deliver({ ownerId, event }: OwnerEvent): void {
    const set = this.sockets.get(ownerId);
    if (!set) return;
    const frame = JSON.stringify(event);
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(frame);
  }

  /** Drops sockets that did not answer the last ping. */
  private sweep(): void {
    for (const ws of this.wss.clients) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
