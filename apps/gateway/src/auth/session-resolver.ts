import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  AUTH_EVENTS,
  AUTH_SUBJECTS,
  BILLING_SUBJECTS,
  type BillingAccount,
  type CurrentUserResponse,
  DomainException,
  ErrorCode,
  type PackageId,
  type ResolvedSession,
  type SessionsRevokedEvent,
} from '@parley/contracts';
import { hashToken, NATS_CONNECTION, REDIS, ServiceClient } from '@parley/server-kit';
import type { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { GatewayConfig } from '../config/gateway.config';

/** How long a resolved session is trusted from Redis before auth-service is asked again. */
const CACHE_SECONDS = 30;

/**
 * Turns a session cookie into the signed-in user. Answers come from a short Redis cache shared by the
 * gateway replicas (so /api/auth/me costs one Redis read), else from auth-service + billing-service.
 * Revocations (logout, password reset) evict at once: the gateway deletes on logout and listens for
 * auth-service's `sessions revoked` event; the short TTL bounds anything an event could miss.
 */
@Injectable()
export class SessionResolver implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SessionResolver.name);
  private subscription?: Subscription;

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
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  /** The user of a session token; null when there is none or it has ended. */
  async currentUser(token: string | undefined, requestId?: string): Promise<CurrentUserResponse | null> {
    const json = await this.currentUserJson(token, requestId);
    return json === null ? null : (JSON.parse(json) as CurrentUserResponse);
  }

  /** The same, as the JSON text that is cached (so GET /api/auth/me can send it as it is). */
  async currentUserJson(token: string | undefined, requestId?: string): Promise<string | null> {
    if (!token) return null;
    const key = this.key(hashToken(token));
    const cached = await this.redis.get(key).catch(() => null);
    if (cached) return cached;

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
      {
        actor: { userId: session.user.id },
        requestId,
      },
    );
    const user: CurrentUserResponse = {
      ...session.user,
      currentPackage: account.currentPackage as PackageId,
    };
    const json = JSON.stringify(user);
    await this.redis.set(key, json, 'EX', CACHE_SECONDS).catch(() => undefined);
    return json;
  }

  async forget(tokenHashes: string[]): Promise<void> {
    if (tokenHashes.length === 0) return;
    await this.redis.del(...tokenHashes.map((h) => this.key(h))).catch((error: unknown) => {
      this.logger.warn(`could not evict revoked sessions: ${String(error)}`);
    });
  }

  private key(tokenHash: string): string {
    return `${this.config.REDIS_PREFIX}:gateway:session:${tokenHash}`;
  }
}
