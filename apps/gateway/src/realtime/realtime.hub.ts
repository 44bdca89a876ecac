import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { type OwnerEvent, REALTIME_SUBJECT } from '@parley/contracts';
import { hashToken, NATS_CONNECTION } from '@parley/server-kit';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { type WebSocket, WebSocketServer } from 'ws';
import { readCookie, SESSION_COOKIE } from '../auth/cookies';
import { SessionResolver } from '../auth/session-resolver';
import { GatewayConfig } from '../config/gateway.config';
import { SessionSockets } from './session-sockets';

const PATH = '/ws';
/** Pings every socket and re-checks every session that has one. */
const HEARTBEAT_MS = 30_000;
/** Sessions new to this replica wait this long to be checked together (a wave of reconnects is one request). */
const CHECK_BATCH_MS = 50;
/** The most sessions auth.sessions.check takes at once. */
const CHECK_CHUNK = 1000;

/**
 * /ws: one socket per browser tab, authenticated by the session cookie and origin-checked at the
 * upgrade. Services publish `{ ownerId, event }` on NATS; each event goes only to that owner's sockets.
 *
 * A socket lives no longer than its session (docs/accounts.md, Sessions). It is closed with 4401 when
 * the session is revoked (the resolver passes on logouts and auth-service's revocation event), at the
 * session's absolute expiry (a timer per session), or when the heartbeat's check finds it ended some
 * other way. Delivery itself never looks at sessions.
 */
@Injectable()
export class RealtimeHub implements OnModuleDestroy {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  /** The same sockets by session; a session that expires is also evicted from the resolver's caches. */
  private readonly bySession = new SessionSockets<WebSocket>(
    (tokenHash) => void this.sessions.forget([tokenHash]),
  );
  /** Sessions new to this replica, waiting to be checked (which also learns their expiry). */
  private readonly unchecked = new Set<string>();
  private checkTimer?: NodeJS.Timeout;
  private subscription?: Subscription;
  private heartbeat?: NodeJS.Timeout;
  private origins = new Set<string>();

  constructor(
    private readonly sessions: SessionResolver,
    private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {
    sessions.onSessionsEnded((tokenHashes) => this.bySession.end(tokenHashes));
  }

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

  /**
   * Asks auth-service whether the sessions (by default every one with a socket here) are still live:
   * the sockets of those that ended close, the others get their expiry timer. Run by the heartbeat and
   * for new sessions; public for tests. When auth-service cannot answer, sockets stay open until the
   * next try: dropping every tab during an outage would only bring a wave of reconnects that fail.
   */
  async revalidate(tokenHashes = this.bySession.tokenHashes()): Promise<void> {
    for (let i = 0; i < tokenHashes.length; i += CHECK_CHUNK) {
      const chunk = tokenHashes.slice(i, i + CHECK_CHUNK);
      let live: Map<string, number>;
      try {
        live = await this.sessions.liveSessions(chunk);
      } catch (error) {
        this.logger.warn(`could not re-check websocket sessions: ${String(error)}`);
        return;
      }
      const ended: string[] = [];
      for (const tokenHash of chunk) {
        const expiresAt = live.get(tokenHash);
        if (expiresAt === undefined) ended.push(tokenHash);
        else this.bySession.expireAt(tokenHash, expiresAt);
      }
      // Through the resolver: its caches drop the sessions too, and it tells this hub to close them.
      await this.sessions.forget(ended);
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
    clearTimeout(this.checkTimer);
    this.bySession.clear();
    this.subscription?.unsubscribe();
    for (const socket of this.wss.clients) socket.close(1001, 'Server shutting down');
    this.wss.close();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const origin = req.headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) return refuse(socket, 403, 'Forbidden');
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    let ownerId: string | undefined;
    try {
      ownerId = (await this.sessions.currentUser(token))?.id;
    } catch (error) {
      this.logger.warn(`websocket sign-in check failed: ${String(error)}`);
      return refuse(socket, 503, 'Service Unavailable');
    }
    if (!ownerId || !token) return refuse(socket, 401, 'Unauthorized');
    const tokenHash = hashToken(token);
    this.wss.handleUpgrade(req, socket, head, (ws) => this.register(ownerId, tokenHash, ws));
  }

  private register(ownerId: string, tokenHash: string, ws: WebSocket): void {
    let set = this.sockets.get(ownerId);
    if (!set) this.sockets.set(ownerId, (set = new Set()));
    set.add(ws);
    // The first socket of a session is checked at once: that learns its expiry, and catches a session
    // revoked while this upgrade was under way (its event found no socket to close).
    if (this.bySession.add(tokenHash, ws)) this.checkSoon(tokenHash);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('message', () => undefined); // the channel is server → browser only
    ws.on('close', () => {
      set.delete(ws);
      if (set.size === 0) this.sockets.delete(ownerId);
      this.bySession.remove(tokenHash, ws);
    });
  }

  private checkSoon(tokenHash: string): void {
    this.unchecked.add(tokenHash);
    this.checkTimer ??= setTimeout(() => {
      this.checkTimer = undefined;
      const tokenHashes = [...this.unchecked];
      this.unchecked.clear();
      void this.revalidate(tokenHashes);
    }, CHECK_BATCH_MS);
  }

  private deliver({ ownerId, event }: OwnerEvent): void {
    const set = this.sockets.get(ownerId);
    if (!set) return;
    const frame = JSON.stringify(event);
    for (const ws of set) if (ws.readyState === ws.OPEN) ws.send(frame);
  }

  /** Drops sockets that did not answer the last ping, and re-checks their sessions. */
  private sweep(): void {
    void this.revalidate();
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
