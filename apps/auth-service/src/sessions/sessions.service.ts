import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AUTH_EVENTS,
  type CheckSessionsResult,
  DomainException,
  ErrorCode,
  type LoginResult,
  type ResolvedSession,
  type SessionsChangedEvent,
  type SessionsRevokedEvent,
} from '@parley/contracts';
import { hashToken, ServiceClient } from '@parley/server-kit';
import { AuthConfig } from '../config/auth.config';
import { idleLimit, isLive, needsTouch, sessionExpiry } from './session-rules';
import { toSessionUser } from './sessions.mapper';
import { SessionsQueries } from './sessions.queries';

/** Opaque random session tokens, stored as hashes, with idle and absolute expiry. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly queries: SessionsQueries,
    private readonly config: AuthConfig,
    private readonly bus: ServiceClient,
  ) {}

  async create(userId: string): Promise<LoginResult> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = sessionExpiry(Date.now(), this.config.SESSION_MAX_DAYS);
    await this.queries.insert({ id: randomUUID(), userId, tokenHash: hashToken(token), expiresAt });
    return { token, expiresAt: expiresAt.toISOString(), userId };
  }

  async resolve(token: string): Promise<ResolvedSession> {
    const tokenHash = hashToken(token);
    const session = await this.queries.findByTokenHash(tokenHash);
    const now = Date.now();
    if (!session || !isLive(session, now, this.config.SESSION_IDLE_DAYS)) {
      throw new DomainException(ErrorCode.Unauthenticated, 'Your session has ended. Please log in again.');
    }
    const membership = await this.queries.membershipOf(session.user.id);
    // Every account has a workspace (docs/teams.md); one without is not let in.
    if (!membership) {
      throw new DomainException(ErrorCode.Unauthenticated, 'Your session has ended. Please log in again.');
    }
    if (needsTouch(session.lastSeenAt, now)) await this.queries.touch(session, new Date(now));
    return { tokenHash, user: toSessionUser(session.user), ...membership };
  }

  /**
   * Which of these sessions are still live, by the same rules as `resolve`, with their absolute expiry.
   * The gateway asks this for the sessions that have a /ws socket open, every half minute. An open
   * socket counts as use: the live ones are touched as `resolve` touches them (at most once a minute),
   * so a tab left open does not reach the idle expiry while the socket is there. One select for the
   * whole batch and an update only for the sessions not touched in the last minute.
   */
  async check(tokenHashes: string[]): Promise<CheckSessionsResult> {
    if (tokenHashes.length === 0) return { live: [] };
    const now = Date.now();
    const live = await this.queries.live(
      tokenHashes,
      new Date(now),
      idleLimit(now, this.config.SESSION_IDLE_DAYS),
    );
    const stale = live.filter((s) => needsTouch(s.lastSeenAt, now)).map((s) => s.tokenHash);
    if (stale.length > 0) await this.queries.touchAll(stale, new Date(now));
    return { live: live.map((s) => ({ tokenHash: s.tokenHash, expiresAt: s.expiresAt.toISOString() })) };
  }

  async revoke(token: string): Promise<void> {
    this.announce(await this.queries.revoke(hashToken(token)));
  }

  /** Ends every session of the user (password reset). The event closes their /ws sockets too. */
  async revokeAll(userId: string): Promise<void> {
    this.announce(await this.queries.revokeAllOf(userId));
  }

  /**
   * The users' workspace or role changed: the gateway forgets their cached sessions so the next request
   * reads the new ones; `moved` (another workspace) also closes their /ws sockets, which reconnect there.
   */
  async refresh(userIds: string[], moved: boolean): Promise<void> {
    const tokenHashes = await this.queries.liveTokenHashesOf(userIds);
    if (tokenHashes.length === 0) return;
    const event: SessionsChangedEvent = { tokenHashes, closeSockets: moved };
    this.bus.emit(AUTH_EVENTS.sessionsChanged, event);
  }

  private announce(tokenHashes: string[]): void {
    if (tokenHashes.length === 0) return;
    const event: SessionsRevokedEvent = { tokenHashes };
    this.bus.emit(AUTH_EVENTS.sessionsRevoked, event);
  }
}
