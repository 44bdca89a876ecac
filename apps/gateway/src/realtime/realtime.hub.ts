import type { IncomingMessage } from 'node:http';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  WebSocketGateway,
} from '@nestjs/websockets';
import {
  type OwnerEvent,
  PRESENCE_STATES,
  type PresenceData,
  type PresenceMessage,
  REALTIME_SUBJECT,
} from '@parley/contracts';
import { hashToken, NATS_CONNECTION } from '@parley/server-kit';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import type { VerifyClientCallbackAsync, WebSocket, WebSocketServer } from 'ws';
import { readCookie, SESSION_COOKIE } from '../auth/cookies';
import { SessionResolver } from '../auth/session-resolver';
import { GatewayConfig } from '../config/gateway.config';
import { OwnerSockets } from './owner-sockets';
import { SessionSockets } from './session-sockets';

/** Pings every socket and re-checks every session that has one. */
const HEARTBEAT_MS = 30_000;
/** Sessions new to this replica wait this long to be checked together (a wave of reconnects is one request). */
const CHECK_BATCH_MS = 50;
/** The most sessions auth.sessions.check takes at once. */
const CHECK_CHUNK = 1000;
/** At shutdown, how long the sockets get to answer the 1001 close before Nest's WsAdapter drops them. */
const SHUTDOWN_CLOSE_MS = 1000;
/** Close code for a socket that reached the gateway without passing the upgrade check (never expected). */
const POLICY_VIOLATION = 1008;

type Verify = VerifyClientCallbackAsync<IncomingMessage>;
type VerifyDone = Parameters<Verify>[1];

/** A socket's presence messages beyond this many in PRESENCE_WINDOW_MS are dropped (a tab sends one per ~3 s). */
const PRESENCE_BURST = 10;
const PRESENCE_WINDOW_MS = 5_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whose socket it is: the owner (workspace) its events are for, the member signed in (events may name them),
 * and the session it lives no longer than.
 */
interface Binding {
  ownerId: string;
  userId: string;
  name: string;
  tokenHash: string;
}

/** A browser's /ws frame as a presence message, or undefined for anything else (which is ignored). */
export function parsePresence(frame: string): PresenceMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, customerId, state } = value as Record<string, unknown>;
  if (type !== 'presence' || typeof customerId !== 'string' || !UUID.test(customerId)) return undefined;
  if (!(PRESENCE_STATES as readonly unknown[]).includes(state)) return undefined;
  return { type, customerId, state: state as PresenceMessage['state'] };
}

/**
 * /ws: one socket per browser tab, a Nest WebSocket gateway served by `WsAdapter` (@nestjs/platform-ws)
 * on the gateway's own HTTP server. The adapter hands it upgrades for `/ws` only (any other upgrade path
 * is destroyed); `verifyClient` checks the Origin and the session cookie before the upgrade is accepted,
 * so a refused one gets a plain HTTP 403/401/503 and never becomes a socket. Services publish
 * `{ ownerId, event }` on NATS; each event goes only to that owner's sockets (and, when it names a member,
 * only to theirs or to everyone else's). The browser sends one kind of message: its member's presence in a
 * thread (viewing, typing, left), which is published on the same subject to the workspace's other members'
 * sockets on every replica, as a 'presence' event; nothing stores it (the tabs forget one not refreshed).
 *
 * A socket lives no longer than its session (docs/accounts.md, Sessions). It is closed with 4401 when
 * the session is revoked (the resolver passes on logouts and auth-service's revocation event), at the
 * session's absolute expiry (a timer per session), or when the heartbeat's check finds it ended some
 * other way. Delivery itself never looks at sessions. The bookkeeping is in plain classes
 * (OwnerSockets, SessionSockets); this class wires them to Nest, ws and NATS.
 */
@WebSocketGateway({ path: '/ws', maxPayload: 4096 })
export class RealtimeHub
  implements
    OnGatewayInit<WebSocketServer>,
    OnGatewayConnection<WebSocket>,
    OnGatewayDisconnect<WebSocket>,
    OnModuleDestroy
{
  private readonly logger = new Logger(RealtimeHub.name);
  private server?: WebSocketServer;
  private readonly owners = new OwnerSockets<WebSocket>();
  /** The same sockets by session; a session that expires is also evicted from the resolver's caches. */
  private readonly bySession = new SessionSockets<WebSocket>(
    (tokenHash) => void this.sessions.forget([tokenHash]),
  );
  /** Upgrades that passed the check, until ws hands over their socket (synchronously after it). */
  private readonly admitted = new WeakMap<IncomingMessage, Binding>();
  private readonly bindings = new WeakMap<WebSocket, Binding>();
  private readonly alive = new WeakSet<WebSocket>();
  /** Per socket: when its presence window began and how many it sent in it. */
  private readonly presenceRate = new WeakMap<WebSocket, { since: number; count: number }>();
  /** Sessions new to this replica, waiting to be checked (which also learns their expiry). */
  private readonly unchecked = new Set<string>();
  private checkTimer?: NodeJS.Timeout;
  private subscription?: Subscription;
  private heartbeat?: NodeJS.Timeout;
  /** Until told (createGateway passes the same list as the HTTP request guard), any Origin is refused. */
  private origins = new Set<string>();
  private closing = false;

  constructor(
    private readonly sessions: SessionResolver,
    private readonly config: GatewayConfig,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {
    sessions.onSessionsEnded((tokenHashes) => this.bySession.end(tokenHashes));
  }

  /** The origins a browser may open /ws from (a request without Origin is not a browser's: allowed). */
  allowOrigins(origins: Iterable<string>): void {
    this.origins = new Set(origins);
  }

  /** Called by Nest once WsAdapter made the server (at app init, before the gateway listens). */
  afterInit(server: WebSocketServer): void {
    this.server = server;
    // Nest's gateway options are static; the check needs this instance (and ws reads the option per
    // upgrade). Two parameters: ws then waits for `done`, so the check may be asynchronous.
    const verifyClient: Verify = (info, done) => void this.verify(info.req, done);
    server.options.verifyClient = verifyClient;
    const codec = JSONCodec<OwnerEvent>();
    this.subscription = this.nats.subscribe(this.config.NATS_PREFIX + REALTIME_SUBJECT, {
      callback: (error, msg) => {
        if (!error) this.deliver(codec.decode(msg.data));
      },
    });
    this.heartbeat = setInterval(() => this.sweep(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  handleConnection(ws: WebSocket, req: IncomingMessage): void {
    const binding = this.admitted.get(req);
    if (!binding) return ws.close(POLICY_VIOLATION, 'Not admitted');
    this.admitted.delete(req);
    this.bindings.set(ws, binding);
    this.owners.add(binding.ownerId, ws, binding.userId);
    // The first socket of a session is checked at once: that learns its expiry, and catches a session
    // revoked while this upgrade was under way (its event found no socket to close).
    if (this.bySession.add(binding.tokenHash, ws)) this.checkSoon(binding.tokenHash);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('message', (data, isBinary) => {
      if (!isBinary) this.relayPresence(ws, data.toString());
    });
  }

  /**
   * A tab's presence in a thread, to the workspace's other members' tabs (on every replica, through NATS).
   * Anything else a browser sends is ignored, and so is a tab sending presence faster than PRESENCE_BURST per
   * PRESENCE_WINDOW_MS. The customer id is not looked up: the event goes only to the sender's own workspace.
   */
  private relayPresence(ws: WebSocket, frame: string): void {
    const binding = this.bindings.get(ws);
    const presence = binding && parsePresence(frame);
    if (!binding || !presence) return;
    const now = Date.now();
    let rate = this.presenceRate.get(ws);
    if (!rate || now - rate.since > PRESENCE_WINDOW_MS)
      this.presenceRate.set(ws, (rate = { since: now, count: 0 }));
    if (++rate.count > PRESENCE_BURST) return;
    const data: PresenceData = {
      customerId: presence.customerId,
      userId: binding.userId,
      name: binding.name,
      state: presence.state,
    };
    const payload: OwnerEvent = {
      ownerId: binding.ownerId,
      event: { type: 'presence', message: '', data: { ...data } },
      exceptUserId: binding.userId,
    };
    this.nats.publish(this.config.NATS_PREFIX + REALTIME_SUBJECT, JSONCodec<OwnerEvent>().encode(payload));
  }

  handleDisconnect(ws: WebSocket): void {
    const binding = this.bindings.get(ws);
    if (!binding) return;
    this.bindings.delete(ws);
    this.owners.remove(binding.ownerId, ws);
    this.bySession.remove(binding.tokenHash, ws);
  }

  /** How many sockets an owner has open (for tests and metrics). */
  socketsOf(ownerId: string): number {
    return this.owners.count(ownerId);
  }

  /** How many sockets are open on this replica, of every owner (for tests and metrics). */
  socketCount(): number {
    return this.owners.size();
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

  /**
   * Shutdown (before Nest's WsAdapter terminates whatever is left): every socket is closed with 1001 so
   * the browser reconnects elsewhere, and gets a moment to answer so the close frame is not cut off.
   */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.checkTimer);
    this.bySession.clear();
    this.subscription?.unsubscribe();
    const closed: Promise<unknown>[] = [];
    for (const ws of this.server?.clients ?? []) {
      closed.push(new Promise((resolve) => ws.once('close', resolve)));
      ws.close(1001, 'Server shutting down');
    }
    if (closed.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_CLOSE_MS))),
    ]);
    clearTimeout(timer);
  }

  /** The upgrade check: Origin (403), then the session cookie (401; 503 when it cannot be checked). */
  private async verify(req: IncomingMessage, done: VerifyDone): Promise<void> {
    if (this.closing) return done(false, 503);
    const origin = req.headers.origin;
    if (origin !== undefined && !this.origins.has(origin)) return done(false, 403);
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    let user: Awaited<ReturnType<SessionResolver['currentUser']>>;
    try {
      user = await this.sessions.currentUser(token);
    } catch (error) {
      this.logger.warn(`websocket sign-in check failed: ${String(error)}`);
      return done(false, 503);
    }
    if (!user || !token) return done(false, 401);
    if (this.closing) return done(false, 503);
    this.admitted.set(req, {
      ownerId: user.workspace.id,
      userId: user.id,
      name: user.name,
      tokenHash: hashToken(token),
    });
    done(true);
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

  private deliver({ ownerId, event, userId, exceptUserId }: OwnerEvent): void {
    this.owners.send(ownerId, event, { userId, exceptUserId });
  }

  /** Drops sockets that did not answer the last ping, and re-checks their sessions. */
  private sweep(): void {
    void this.revalidate();
    for (const ws of this.server?.clients ?? []) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}
