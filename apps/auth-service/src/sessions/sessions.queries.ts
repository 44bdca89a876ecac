import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';
import { Session } from './session.entity';

/** A session to store, every value decided by the caller. */
export interface NewSession {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}

/** A live session found by `live`. */
export interface LiveSession {
  tokenHash: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** The database of sessions: the only place that reads or writes their table. */
@Injectable()
export class SessionsQueries {
  constructor(private readonly em: EntityManager) {}

  /** One INSERT in plain SQL (no unit of work, no entity): sign-in is on the hot path. */
  async insert(session: NewSession): Promise<void> {
    await sql(
      this.em,
      `insert into sessions (id, user_id, token_hash, created_at, last_seen_at, expires_at)
       values (?, ?, ?, now(), now(), ?)`,
      [session.id, session.userId, session.tokenHash, session.expiresAt],
    );
  }

  /** The session with this token hash, with its user; null when there is none (live or not). */
  findByTokenHash(tokenHash: string): Promise<Session | null> {
    return this.em.findOne(Session, { tokenHash }, { populate: ['user'] });
  }

  /** Stores that the session was used at `at`. */
  async touch(session: Session, at: Date): Promise<void> {
    session.lastSeenAt = at;
    await this.em.flush();
  }

  /**
   * Those of these sessions that are not revoked, expire after `now` and were last used after
   * `idleLimit`: one select for the whole batch (the gateway asks for every open socket's session).
   */
  async live(tokenHashes: readonly string[], now: Date, idleLimit: Date): Promise<LiveSession[]> {
    const rows = await sql<{ token_hash: string; expires_at: Date | string; last_seen_at: Date | string }>(
      this.em,
      `select token_hash, expires_at, last_seen_at from sessions
       where token_hash = any(?::text[]) and revoked_at is null and expires_at > ? and last_seen_at > ?`,
      [tokenHashes, now, idleLimit],
    );
    return rows.map((row) => ({
      tokenHash: row.token_hash,
      expiresAt: new Date(row.expires_at),
      lastSeenAt: new Date(row.last_seen_at),
    }));
  }

  /** Stores that these sessions were used at `at`, in one update. */
  async touchAll(tokenHashes: readonly string[], at: Date): Promise<void> {
    await sql(this.em, 'update sessions set last_seen_at = ? where token_hash = any(?::text[])', [
      at,
      tokenHashes,
    ]);
  }

  /** Revokes the session with this token hash if it is not revoked yet; the token hashes it revoked. */
  async revoke(tokenHash: string): Promise<string[]> {
    const rows = await sql<{ token_hash: string }>(
      this.em,
      'update sessions set revoked_at = now() where token_hash = ? and revoked_at is null returning token_hash',
      [tokenHash],
    );
    return rows.map((row) => row.token_hash);
  }

  /** Revokes every session of the user not revoked yet; the token hashes it revoked. */
  async revokeAllOf(userId: string): Promise<string[]> {
    const rows = await sql<{ token_hash: string }>(
      this.em,
      'update sessions set revoked_at = now() where user_id = ? and revoked_at is null returning token_hash',
      [userId],
    );
    return rows.map((row) => row.token_hash);
  }
}
