import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '@parley/contracts';
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

  /** The workspace the user works in and their role there; undefined when they have none. */
  async membershipOf(userId: string): Promise<{ workspace: { id: string; name: string }; role: Role } | undefined> {
    const [row] = await sql<{ id: string; name: string; role: Role }>(
      this.em,
      'select w.id, w.name, m.role from memberships m join workspaces w on w.id = m.workspace_id where m.user_id = ?',
      [userId],
    );
    return row && { workspace: { id: row.id, name: row.name }, role: row.role };
  }

  /** The token hashes of the user's sessions not revoked nor expired (to refresh the gateway's caches). */
  async liveTokenHashesOf(userIds: readonly string[]): Promise<string[]> {
    const rows = await sql<{ token_hash: string }>(
      this.em,
      'select token_hash from sessions where user_id = any(?::uuid[]) and revoked_at is null and expires_at > now()',
      [userIds],
    );
    return rows.map((row) => row.token_hash);
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
