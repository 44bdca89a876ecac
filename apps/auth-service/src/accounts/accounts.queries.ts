import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Language } from '@parley/contracts';
import { sql } from '@parley/server-kit';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity';
import { defaultWorkspaceName, Membership, Workspace } from '../team/workspace.entity';
import { User } from './user.entity';

/** What sign-in reads of an account. */
export interface SignInRow {
  id: string;
  passwordHash: string;
  emailVerified: boolean;
}

/** Where a mail to a user goes, and in which language (null: not known). */
export interface MailTarget {
  email: string;
  language: Language | null;
}

/** A one-time token to store for a user, every value decided by the caller. */
export interface NewEmailToken {
  purpose: EmailTokenPurpose;
  tokenHash: string;
  expiresAt: Date;
}

/**
 * A unique index refused `save`: in practice the address was taken, by another sign-up that stored it a
 * moment ago. The database's error is its `cause`.
 */
export class EmailTakenError extends Error {
  constructor(cause: unknown) {
    super('A unique index refused the write (another account has this email)', { cause });
  }
}

/**
 * The database of accounts: the only place that reads or writes users and email tokens. The users it
 * returns are in the request's unit of work: changes made to them, and the users and tokens added
 * with `newUser` and `addToken`, are written together by `save`.
 */
@Injectable()
export class AccountsQueries {
  constructor(private readonly em: EntityManager) {}

  findByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email });
  }

  findVerifiedByEmail(email: string): Promise<User | null> {
    return this.em.findOne(User, { email, emailVerified: true });
  }

  /**
   * A new account, stored by the next `save` together with its workspace (id = the user's id, docs/teams.md)
   * and its owner membership.
   */
  newUser(email: string, passwordHash: string): User {
    const user = this.em.create(User, { email, passwordHash });
    const workspace = this.em.create(Workspace, { id: user.id, name: defaultWorkspaceName(user), owner: user });
    this.em.create(Membership, { user, workspace, role: 'owner' });
    return user;
  }

  /**
   * Whether the account with this address is verified; undefined when there is none. One column in
   * plain SQL, no entity: forgot-password must cost the same for any address.
   */
  async emailVerified(email: string): Promise<boolean | undefined> {
    const [row] = await sql<{ email_verified: boolean }>(
      this.em,
      'select email_verified from users where email = ?',
      [email],
    );
    return row?.email_verified;
  }

  /** Sign-in is on the hot path: plain SQL, no entity is loaded. */
  async signIn(email: string): Promise<SignInRow | undefined> {
    const [row] = await sql<{ id: string; password_hash: string; email_verified: boolean }>(
      this.em,
      'select id, password_hash, email_verified from users where email = ?',
      [email],
    );
    return row && { id: row.id, passwordHash: row.password_hash, emailVerified: row.email_verified };
  }

  /**
   * The address and language of the owner of the workspace with this id (mails about the workspace go to
   * its owner); undefined when there is none.
   */
  async mailTarget(workspaceId: string): Promise<MailTarget | undefined> {
    const [row] = await sql<{ email: string; language: Language | null }>(
      this.em,
      'select u.email, u.language from workspaces w join users u on u.id = w.owner_id where w.id = ?',
      [workspaceId],
    );
    return row;
  }

  /** Replaces the stored password hash at once (a rehash on sign-in). */
  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await sql(this.em, 'update users set password_hash = ?, updated_at = now() where id = ?', [
      passwordHash,
      userId,
    ]);
  }

  /** Marks the user's unused tokens of these kinds used, at once. */
  async voidTokens(user: User, purposes: EmailTokenPurpose[]): Promise<void> {
    await this.em.nativeUpdate(
      EmailToken,
      { user, purpose: { $in: purposes }, usedAt: null },
      { usedAt: new Date() },
    );
  }

  /** A new token of the user, stored by the next `save`. */
  addToken(user: User, token: NewEmailToken): void {
    this.em.create(EmailToken, { user, ...token });
  }

  /**
   * Marks the token used in one statement (so it works once) if it is unused, unexpired and of one of
   * `purposes`, and returns its user and purpose; undefined when it is not (or its user is gone).
   */
  async consumeToken(
    tokenHash: string,
    purposes: EmailTokenPurpose[],
  ): Promise<{ user: User; purpose: EmailTokenPurpose } | undefined> {
    const [row] = await sql<{ user_id: string; purpose: EmailTokenPurpose }>(
      this.em,
      `update email_tokens set used_at = now()
          where token_hash = ? and purpose = any(?::text[]) and used_at is null and expires_at > now()
          returning user_id, purpose`,
      [tokenHash, purposes],
    );
    const user = row && (await this.em.findOne(User, { id: row.user_id }));
    return user ? { user, purpose: row.purpose } : undefined;
  }

  /**
   * Writes every change to the users this returned and every user and token added, in one
   * transaction. Rejects with EmailTakenError when a unique index refuses it.
   */
  async save(): Promise<void> {
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new EmailTakenError(error);
      throw error;
    }
  }

  /** Forgets every change not saved and every user loaded (after EmailTakenError, to read afresh). */
  forget(): void {
    this.em.clear();
  }
}
