import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  AUTH_EVENTS,
  AUTH_SUBJECTS,
  BILLING_SUBJECTS,
  type BillingAccount,
  type CheckSessionsResult,
  type CurrentUserResponse,
  DomainException,
  ErrorCode,
  type OwnerEvent,
  type PackageId,
  REALTIME_SUBJECT,
  type ResolvedSession,
  type SessionsChangedEvent,
  type SessionsRevokedEvent,
  workspaceActor,
} from '@parley/contracts';
import { hashToken, NATS_CONNECTION, REDIS, ServiceClient } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { GatewayConfig } from '../config/gateway.config';

/** How long a resolved session is trusted from Redis before auth-service is asked again. */
const CACHE_SECONDS = 30;
/** How long this replica keeps a session it resolved or read from Redis, and how many it keeps. */
const LOCAL_CACHE_MS = 5_000;
const LOCAL_CACHE_SIZE = 10_000;

interface Lookup {
  result: Promise<LocalEntry | null>;
}

interface LocalEntry {
  json: string;
  user: CurrentUserResponse;
  expiresAt: number;
}

/**
 * Turns a session cookie into the signed-in user. Answers come from this replica's memory (5 s), then
 * from a short Redis cache shared by the gateway replicas, else from auth-service + billing-service.
 * Most requests thus cost no round trip at all. Revocations (logout, password reset) evict at once
 * from both: the gateway deletes on logout and every replica listens for auth-service's
 * `sessions revoked` event; the short TTLs bound anything an event could miss. Whoever holds on to a
 * session for longer (the /ws sockets) listens with `onSessionsEnded`. The cached user carries the workspace,
 * the member's role and the workspace's plan: when billing changes the plan (its `usage_changed` event) or
 * auth-service a member's role or workspace (its `sessionsChanged` event), the sessions are dropped from both
 * caches, found in Redis through a per-workspace set of their token hashes.
 */
@Injectable()
export class SessionResolver implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionResolver.name);
  private subscription?: Subscription;
  private planChanges?: Subscription;
  private sessionChanges?: Subscription;
  private readonly local = new Map<string, LocalEntry>();
  /** Lookups under way, by token hash. */
  private readonly loading = new Map<string, Lookup>();
  private readonly endedListeners: ((tokenHashes: string[]) => void)[] = [];

  constructor(
    private readonly services: ServiceClient,
    private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
  ) {}

  onModuleInit(): void {
    const codec = JSONCodec<SessionsRevokedEvent>();
    this.subscription = this.nats.subscribe(this.config.NATS_PREFIX + AUTH_EVENTS.sessionsRevoked, {
      callback: (error, msg) => {
        if (error) return;
        const { tokenHashes } = codec.decode(msg.data);
        void this.forget(tokenHashes);
      },
    });
    const changes = JSONCodec<SessionsChangedEvent>();
    this.sessionChanges = this.nats.subscribe(this.config.NATS_PREFIX + AUTH_EVENTS.sessionsChanged, {
      callback: (error, msg) => {
        if (error) return;
        const { tokenHashes, closeSockets } = changes.decode(msg.data);
        void (closeSockets ? this.forget(tokenHashes) : this.evict(tokenHashes));
      },
    });
    const events = JSONCodec<OwnerEvent>();
    this.planChanges = this.nats.subscribe(this.config.NATS_PREFIX + REALTIME_SUBJECT, {
      callback: (error, msg) => {
        if (error) return;
        const { ownerId, event } = events.decode(msg.data);
        if (event.type === 'usage_changed') void this.forgetOwner(ownerId);
      },
    });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.planChanges?.unsubscribe();
    this.sessionChanges?.unsubscribe();
  }

  /** The user of a session token; null when there is none or it has ended. */
  async currentUser(token: string | undefined, requestId?: string): Promise<CurrentUserResponse | null> {
    return (await this.resolve(token, requestId))?.user ?? null;
  }

  /** The same, as the JSON text that is cached (so GET /api/auth/me can send it as it is). */
  async currentUserJson(token: string | undefined, requestId?: string): Promise<string | null> {
    return (await this.resolve(token, requestId))?.json ?? null;
  }

  /**
   * Requests that miss the caches at the same moment share one lookup: otherwise every request that
   * arrives while a popular session is being resolved asks auth-service again, which slows the lookup
   * and lets still more requests miss.
   */
  private resolve(token: string | undefined, requestId?: string): Promise<LocalEntry | null> {
    if (!token) return Promise.resolve(null);
    const tokenHash = hashToken(token);
    const entry = this.local.get(tokenHash);
    if (entry && entry.expiresAt > Date.now()) return Promise.resolve(entry);
    if (entry) this.local.delete(tokenHash);

    const pending = this.loading.get(tokenHash);
    if (pending) return pending.result;
    const lookup = {} as Lookup;
    const current = () => this.loading.get(tokenHash) === lookup;
    lookup.result = (async () => {
      try {
        return await this.load(token, tokenHash, current, requestId);
      } finally {
        if (current()) this.loading.delete(tokenHash);
      }
    })();
    this.loading.set(tokenHash, lookup);
    return lookup.result;
  }

  /** From Redis, else from the services. A session revoked meanwhile (`current` turned false) is not cached. */
  private async load(
    token: string,
    tokenHash: string,
    current: () => boolean,
    requestId?: string,
  ): Promise<LocalEntry | null> {
    const key = this.key(tokenHash);
    let json = await this.redis.get(key).catch(() => null);
    const fromRedis = json !== null;
    json ??= await this.fetchJson(token, requestId);
    if (json === null) return null;
    const entry = {
      json,
      user: JSON.parse(json) as CurrentUserResponse,
      expiresAt: Date.now() + LOCAL_CACHE_MS,
    };
    if (!current()) return entry;
    if (!fromRedis) {
      const ownerKey = this.ownerKey(entry.user.workspace.id);
      await this.redis
        .multi()
        .set(key, json, 'EX', CACHE_SECONDS)
        .sadd(ownerKey, tokenHash)
        .expire(ownerKey, CACHE_SECONDS)
        .exec()
        .catch(() => undefined);
    }
    if (this.local.size >= LOCAL_CACHE_SIZE) this.local.delete(this.local.keys().next().value as string);
    this.local.set(tokenHash, entry);
    return entry;
  }

  private async fetchJson(token: string, requestId?: string): Promise<string | null> {
    let session: ResolvedSession;
    try {
      session = await this.services.send<ResolvedSession>(
        AUTH_SUBJECTS.resolveSession,
        { token },
        { requestId },
      );
    } catch (error) {
      if (
        error instanceof DomainException &&
        (error.code === ErrorCode.Unauthenticated || error.code === ErrorCode.ValidationFailed)
      ) {
        return null;
      }
      throw error;
    }
    const account = await this.services.send<BillingAccount>(
      BILLING_SUBJECTS.getAccount,
      {},
      { actor: workspaceActor(session.workspace.id), requestId },
    );
    const user: CurrentUserResponse = {
      ...session.user,
      currentPackage: account.currentPackage as PackageId,
      workspace: session.workspace,
      role: session.role,
    };
    return JSON.stringify(user);
  }

  /** Calls `listener` with the token hashes of sessions as this replica learns that they ended. */
  onSessionsEnded(listener: (tokenHashes: string[]) => void): void {
    this.endedListeners.push(listener);
  }

  /**
   * Which of these sessions are still live, with their absolute expiry (epoch ms), straight from
   * auth-service (no cache: this is how sessions held open are re-checked). Asking counts as using them.
   */
  async liveSessions(tokenHashes: string[]): Promise<Map<string, number>> {
    const { live } = await this.services.send<CheckSessionsResult>(AUTH_SUBJECTS.checkSessions, {
      tokenHashes,
    });
    return new Map(live.map((session) => [session.tokenHash, Date.parse(session.expiresAt)]));
  }

  /** Sessions that ended (revoked, expired): out of both caches, and the listeners are told. */
  async forget(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    for (const listener of this.endedListeners) listener(tokenHashes);
    await this.evict(tokenHashes);
  }

  /** Sessions whose member changed (role, workspace): out of both caches, so they are read afresh. */
  private async evict(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    for (const tokenHash of tokenHashes) {
      this.local.delete(tokenHash);
      this.loading.delete(tokenHash);
    }
    await this.redis.del(...tokenHashes.map((h) => this.key(h))).catch((error: unknown) => {
      this.logger.warn(`could not evict revoked sessions: ${String(error)}`);
    });
  }

  /** The owner's plan changed: their cached sessions go, so the next request reads the new plan. */
  private async forgetOwner(ownerId: string): Promise<void> {
    for (const [tokenHash, entry] of this.local) {
      if (entry.user.workspace.id === ownerId) this.local.delete(tokenHash);
    }
    const ownerKey = this.ownerKey(ownerId);
    try {
      const tokenHashes = await this.redis.smembers(ownerKey);
      await this.redis.del(ownerKey, ...tokenHashes.map((h) => this.key(h)));
    } catch (error) {
      this.logger.warn(`could not evict the sessions of ${ownerId} after a plan change: ${String(error)}`);
    }
  }

  private key(tokenHash: string): string {
    return `${this.config.REDIS_PREFIX}:gateway:session:${tokenHash}`;
  }

  /** The token hashes of the owner's sessions in Redis (they expire together with the sessions). */
  private ownerKey(ownerId: string): string {
    return `${this.config.REDIS_PREFIX}:gateway:owner-sessions:${ownerId}`;
  }
}
