import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AUTH_EVENTS,
  type CheckSessionsResult,
  DomainException,
  ErrorCode,
  type LoginResult,
  type ResolvedSession,
  type SessionsRevokedEvent,
} from '@parley/contracts';
import { hashToken, ServiceClient, sql } from '@parley/server-kit';
import { AuthConfig } from '../config/auth.config';
import { Session } from './session.entity';

const DAY_MS = 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** Opaque random session tokens, stored as hashes, with idle and absolute expiry. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly em: EntityManager,
    private readonly config: AuthConfig,
    private readonly bus: ServiceClient,
  ) {}

  /** One INSERT in plain SQL (no unit of work, no entity): sign-in is on the hot path. */
  async create(userId: string): Promise<LoginResult> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.config.SESSION_MAX_DAYS * DAY_MS);
    await sql(
      this.em,
      `insert into sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
       values (?, ?, ?, now(), now(), ?)`,
      [randomUUID(), userId, hashToken(token), expiresAt],
    );
    return { token, expiresAt: expiresAt.toISOString(), userId };
  }

  async resolve(token: string): Promise<ResolvedSession> {
    const tokenHash = hashToken(token);
    const session = await this.em.findOne(Session, { tokenHash }, { populate: ['user'] });
    const now = Date.now();
    const idleLimit = now - this.config.SESSION_IDLE_DAYS * DAY_MS;
    if (
      !session ||
      session.revokedAt ||
      session.expiresAt.getTime() <= now ||
      session.lastSeenAt.getTime() <= idleLimit
    ) {
      throw new DomainException(ErrorCode.Unauthenticated, 'Your session has ended. Please log in again.');
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      session.lastSeenAt = new Date(now);
      await this.em.flush();
    }
    const { user } = session;
    return {
      tokenHash,
      user: {
        id: user.id,
        email: user.email,
        name: user.name ?? user.email.split('@')[0],
        emailVerified: user.emailVerified,
        createdAt: user.createdAt.toISOString(),
      },
    };
  }

  /**
   * Which of these sessions are still live, by the same rules as `resolve`, with their absolute expiry.
   * The gateway asks this for the sessions that have a /ws socket open, every half minute. An open
   * socket counts as use: the live ones are touched as `resolve` touches them (at most once a minute),
   * so a tab left open does not reach the idle expiry while the socket is there. Plain SQL, one select
   * for the whole batch and an update only for the sessions not touched in the last minute.
   */
  async check(tokenHashes: string[]): Promise<CheckSessionsResult> {
    if (tokenHashes.length === 0) return { live: [] };
    const now = Date.now();
    const rows = await sql<{ token_hash: string; expires_at: Date | string; last_seen_at: Date | string }>(
      this.em,
      `select token_hash, expires_at, last_seen_at from sessions
       where token_hash = any(?::text[]) and revoked_at is null and expires_at > ? and last_seen_at > ?`,
      [tokenHashes, new Date(now), new Date(now - this.config.SESSION_IDLE_DAYS * DAY_MS)],
    );
    const stale = rows
      .filter((row) => now - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS)
      .map((row) => row.token_hash);
    if (stale.length > 0) {
      await sql(this.em, 'update sessions set last_seen_at = ? where token_hash = any(?::text[])', [
        new Date(now),
        stale,
      ]);
    }
    return {
      live: rows.map((row) => ({
        tokenHash: row.token_hash,
        expiresAt: new Date(row.expires_at).toISOString(),
      })),
    };
  }

  async revoke(token: string): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<{ token_hash: string }[]>(
        'update sessions set revoked_at = now() where token_hash = ? and revoked_at is null returning token_hash',
        [hashToken(token)],
      );
    this.announce(rows.map((r) => r.token_hash));
  }

  /** Ends every session of the user (password reset). The event closes their /ws sockets too. */
  async revokeAll(userId: string): Promise<void> {
    const rows = await this.em
      .getConnection()
      .execute<{ token_hash: string }[]>(
        'update sessions set revoked_at = now() where user_id = ? and revoked_at is null returning token_hash',
        [userId],
      );
    this.announce(rows.map((r) => r.token_hash));
  }

  private announce(tokenHashes: string[]): void {
    if (tokenHashes.length === 0) return;
    const event: SessionsRevokedEvent = { tokenHashes };
    this.bus.emit(AUTH_EVENTS.sessionsRevoked, event);
  }
}
