import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DomainException,
  ErrorCode,
  type EmailVerifiedResult,
  type ForgotPasswordDto,
  type ForgotPasswordResponse,
  type Language,
  type LoginDto,
  type LoginResult,
  type MessageOnlyResponse,
  type RegisterDto,
  type ResendVerificationDto,
  type ResetPasswordDto,
  type VerificationSentResponse,
} from '@parley/contracts';
import { hashToken, sql } from '@parley/server-kit';
import { AuthConfig } from '../config/auth.config';
import { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/templates';
import {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from '../passwords/passwords';
import { SessionsService } from '../sessions/sessions.service';
import { EmailToken, type EmailTokenPurpose } from './email-token.entity';
import { User } from './user.entity';

const HOUR_MS = 60 * 60 * 1000;
const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * HOUR_MS,
  'reset-password': HOUR_MS,
};

export const ACCOUNT_MESSAGES = {
  registered: 'Account created! Please check your email to verify your account.',
  alreadyRegistered: 'An account with this email already exists. Please log in.',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  verificationSent:
    'If this address has an account waiting for verification, a new verification email has been sent.',
  invalidVerificationLink: 'This verification link is invalid or has expired. Please request a new one.',
  resetSent: 'If an account exists for this email, a password reset link has been sent.',
  verifyBeforeReset: 'Please verify your email address before resetting your password.',
  invalidResetLink: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  invalidCredentials: 'Invalid email or password',
  verifyBeforeLogin: 'Please verify your email address before logging in.',
  mailFailed: 'We could not send the email right now. Please try again in a moment.',
} as const;

/** Sign-up, email verification, password reset and sign-in. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly config: AuthConfig,
    private readonly mailer: Mailer,
    private readonly sessions: SessionsService,
  ) {}

  /**
   * Registering an address that is still unverified replaces its password and voids older links, so
   * whoever verifies the inbox holds the only valid password.
   */
  async register({ email, password, language }: RegisterDto): Promise<VerificationSentResponse> {
    this.refuseCommon(password);
    const passwordHash = await hashPassword(password);
    let user = await this.em.findOne(User, { email });
    if (user?.emailVerified)
      throw new DomainException(ErrorCode.Conflict, ACCOUNT_MESSAGES.alreadyRegistered);
    if (user) {
      user.passwordHash = passwordHash;
    } else {
      user = this.em.create(User, { email, passwordHash });
    }
    const token = await this.issueToken(user, 'verify-email');
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        throw new DomainException(ErrorCode.Conflict, ACCOUNT_MESSAGES.alreadyRegistered);
      }
      throw error;
    }
    const link = this.verificationLink(token);
    await this.sendOrFail(user.email, 'verify-email', language, link);
    return {
      message: ACCOUNT_MESSAGES.registered,
      ...(this.mailer.usesOutbox ? { verificationUrl: link } : {}),
    };
  }

  async verifyEmail(token: string): Promise<EmailVerifiedResult> {
    const user = await this.consumeToken(token, 'verify-email', ACCOUNT_MESSAGES.invalidVerificationLink);
    user.emailVerified = true;
    await this.em.flush();
    return { email: user.email };
  }

  async resendVerification({ email, language }: ResendVerificationDto): Promise<VerificationSentResponse> {
    const user = await this.em.findOne(User, { email });
    if (!user || user.emailVerified) return { message: ACCOUNT_MESSAGES.verificationSent };
    const token = await this.issueToken(user, 'verify-email');
    await this.em.flush();
    const link = this.verificationLink(token);
    await this.sendOrFail(user.email, 'verify-email', language, link);
    return {
      message: ACCOUNT_MESSAGES.verificationSent,
      ...(this.mailer.usesOutbox ? { verificationUrl: link } : {}),
    };
  }

  /** An unknown address gets exactly the answer a verified one gets; only unverified ones are told so. */
  async forgotPassword({ email, language }: ForgotPasswordDto): Promise<ForgotPasswordResponse> {
    const user = await this.em.findOne(User, { email });
    if (user && !user.emailVerified) {
      throw new DomainException(ErrorCode.Forbidden, ACCOUNT_MESSAGES.verifyBeforeReset, {
        needsVerification: true,
      });
    }
    if (user) {
      const token = await this.issueToken(user, 'reset-password');
      await this.em.flush();
      if (this.mailer.usesOutbox) this.logger.log(`password reset token for ${user.email}: ${token}`);
      // Not awaited: a known address must not answer slower than an unknown one.
      this.mailer
        .send(
          user.email,
          renderMail('reset-password', language ?? 'en', `${this.config.PUBLIC_URL}/reset-password/${token}`),
        )
        .catch((error: unknown) => this.logger.error(`reset mail to ${user.email} failed: ${String(error)}`));
    }
    return { message: ACCOUNT_MESSAGES.resetSent };
  }

  /** Sets the new password and ends every session of the account. */
  async resetPassword({ token, password }: ResetPasswordDto): Promise<MessageOnlyResponse> {
    this.refuseCommon(password);
    const passwordHash = await hashPassword(password);
    const user = await this.consumeToken(token, 'reset-password', ACCOUNT_MESSAGES.invalidResetLink);
    user.passwordHash = passwordHash;
    await this.em.flush();
    await this.sessions.revokeAll(user.id);
    return { message: ACCOUNT_MESSAGES.passwordReset };
  }

  /** Sign-in is on the hot path: plain SQL, no entity is loaded. */
  async login({ email, password }: LoginDto): Promise<LoginResult> {
    const [user] = await sql<{ id: string; password_hash: string; email_verified: boolean }>(
      this.em,
      'select id, password_hash, email_verified from users where email = ?',
      [email],
    );
    if (!user) {
      await burnPasswordCheck(password);
      throw new DomainException(ErrorCode.Unauthenticated, ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(user.password_hash, password))) {
      throw new DomainException(ErrorCode.Unauthenticated, ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!user.email_verified) {
      throw new DomainException(ErrorCode.Forbidden, ACCOUNT_MESSAGES.verifyBeforeLogin, {
        needsVerification: true,
      });
    }
    if (needsRehash(user.password_hash)) {
      await sql(this.em, 'update users set password_hash = ?, updated_at = now() where id = ?', [
        await hashPassword(password),
        user.id,
      ]);
    }
    return this.sessions.create(user.id);
  }

  private refuseCommon(password: string): void {
    if (isCommonPassword(password))
      throw new DomainException(ErrorCode.ValidationFailed, ACCOUNT_MESSAGES.commonPassword);
  }

  /** A new link token; the user's earlier unused tokens of the same purpose stop working. */
  private async issueToken(user: User, purpose: EmailTokenPurpose): Promise<string> {
    await this.em.nativeUpdate(EmailToken, { user, purpose, usedAt: null }, { usedAt: new Date() });
    const token = randomBytes(32).toString('base64url');
    this.em.create(EmailToken, {
      user,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
    });
    return token;
  }

  /** Marks the token used in one statement (so it works once), and returns its user. */
  private async consumeToken(token: string, purpose: EmailTokenPurpose, invalid: string): Promise<User> {
    const rows = await this.em.getConnection().execute<{ user_id: string }[]>(
      `update email_tokens set used_at = now()
          where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
          returning user_id`,
      [hashToken(token), purpose],
    );
    const user = rows[0] && (await this.em.findOne(User, { id: rows[0].user_id }));
    if (!user) throw new DomainException(ErrorCode.NotFound, invalid);
    return user;
  }

  private verificationLink(token: string): string {
    return `${this.config.PUBLIC_URL}/api/auth/verify-email?token=${token}`;
  }

  private async sendOrFail(to: string, kind: 'verify-email', language: Language | undefined, link: string) {
    try {
      await this.mailer.send(to, renderMail(kind, language ?? 'en', link));
    } catch (error) {
      this.logger.error(`verification mail to ${to} failed: ${String(error)}`);
      throw new DomainException(ErrorCode.ServiceUnavailable, ACCOUNT_MESSAGES.mailFailed);
    }
  }
}
