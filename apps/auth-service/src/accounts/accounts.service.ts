import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
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
import { hashToken, UUID } from '@parley/server-kit';
import { AuthConfig } from '../config/auth.config';
import { Mailer } from '../mail/mailer';
import { type AccountMail, renderMail } from '../mail/templates';
import {
  burnPasswordCheck,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from '../passwords/passwords';
import { SessionsService } from '../sessions/sessions.service';
import { passwordLink, signUpLink, signUpPurpose, tokenExpiry, voidedBy } from './account-rules';
import { AccountsQueries, EmailTakenError } from './accounts.queries';
import type { EmailTokenPurpose } from './email-token.entity';
import { type ResetMailJob, ResetMailQueue } from './reset-mail/reset-mail-queue';
import type { User } from './user.entity';

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
  passwordChosen: 'Your password is set and your email address is verified. You can now log in.',
  invalidCredentials: 'Invalid email or password',
  verifyBeforeLogin: 'Please verify your email address before logging in.',
  mailFailed: 'We could not send the email right now. Please try again in a moment.',
} as const;

/** Sign-up, email verification, password reset and sign-in. */
@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);

  constructor(
    private readonly queries: AccountsQueries,
    private readonly config: AuthConfig,
    private readonly mailer: Mailer,
    private readonly sessions: SessionsService,
    private readonly resetMails: ResetMailQueue,
  ) {}

  /**
   * Signing up for an address that is still unverified changes no password: neither registrant is
   * known to hold the inbox, so the inbox is mailed a link to choose the password (see
   * docs/accounts.md). The answer is the one a first sign-up gets, so it tells nobody the address was
   * taken.
   */
  async register({ email, password, language }: RegisterDto): Promise<VerificationSentResponse> {
    this.refuseCommon(password);
    // Hashed even when it will not be stored, so a second sign-up takes as long as a first one.
    const passwordHash = await hashPassword(password);
    let link: string;
    try {
      link = await this.signUp(email, passwordHash, language);
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      // Someone else created the account a moment ago: this is a second sign-up after all.
      this.queries.forget();
      link = await this.signUp(email, passwordHash, language);
    }
    return {
      message: ACCOUNT_MESSAGES.registered,
      ...(this.mailer.usesOutbox ? { verificationUrl: link } : {}),
    };
  }

  /** Creates the account, or marks a pending one as signed up for twice; mails the link and returns it. */
  private async signUp(email: string, passwordHash: string, language: Language | undefined): Promise<string> {
    const existing = await this.queries.findByEmail(email);
    if (existing?.emailVerified)
      throw new DomainException(ErrorCode.Conflict, ACCOUNT_MESSAGES.alreadyRegistered);
    if (existing) existing.mustChoosePassword = true;
    const user = existing ?? this.queries.newUser(email, passwordHash);
    return this.mailSignUpLink(user, language);
  }

  async verifyEmail(token: string): Promise<EmailVerifiedResult> {
    const invalid = ACCOUNT_MESSAGES.invalidVerificationLink;
    const { user } = await this.consumeToken(token, ['verify-email'], invalid);
    // The stored password may be a stranger's; only a link that makes the inbox choose one verifies.
    // (A second sign-up voids plain links, but one issued by a resend at that moment could survive.)
    if (user.mustChoosePassword) throw new DomainException(ErrorCode.NotFound, invalid);
    user.emailVerified = true;
    await this.queries.save();
    return { email: user.email };
  }

  async resendVerification({ email, language }: ResendVerificationDto): Promise<VerificationSentResponse> {
    const user = await this.queries.findByEmail(email);
    if (!user || user.emailVerified) return { message: ACCOUNT_MESSAGES.verificationSent };
    const link = await this.mailSignUpLink(user, language);
    return {
      message: ACCOUNT_MESSAGES.verificationSent,
      ...(this.mailer.usesOutbox ? { verificationUrl: link } : {}),
    };
  }

  /**
   * An unknown address gets exactly the answer a verified one gets, after the same work: one lookup and
   * one queued job. The job makes the token and sends the mail, after the answer, so timing does not
   * tell the two apart either. Only unverified addresses are told so (the spec's answer).
   */
  async forgotPassword({ email, language }: ForgotPasswordDto): Promise<ForgotPasswordResponse> {
    if ((await this.queries.emailVerified(email)) === false) {
      throw new DomainException(ErrorCode.Forbidden, ACCOUNT_MESSAGES.verifyBeforeReset, {
        needsVerification: true,
      });
    }
    await this.resetMails.schedule({ email, language: language ?? 'en' });
    return { message: ACCOUNT_MESSAGES.resetSent };
  }

  /** The queued half of forgot-password: a fresh reset link for a verified account, nothing otherwise. */
  async sendResetLink({ email, language }: ResetMailJob): Promise<void> {
    const user = await this.queries.findVerifiedByEmail(email);
    if (!user) return;
    const token = await this.issueToken(user, 'reset-password');
    await this.queries.save();
    if (this.mailer.usesOutbox) this.logger.log(`password reset token for ${user.email}: ${token}`);
    await this.mailer.send(
      user.email,
      renderMail('reset-password', language, passwordLink(this.config.PUBLIC_URL, token)),
    );
  }

  /**
   * Sets the password from a reset link, or from the link a second sign-up mailed (which also verifies
   * the address: it came through the inbox), and ends every session of the account.
   */
  async resetPassword({ token, password }: ResetPasswordDto): Promise<MessageOnlyResponse> {
    this.refuseCommon(password);
    const passwordHash = await hashPassword(password);
    const { user, purpose } = await this.consumeToken(
      token,
      ['reset-password', 'choose-password'],
      ACCOUNT_MESSAGES.invalidResetLink,
    );
    user.passwordHash = passwordHash;
    user.emailVerified = true;
    user.mustChoosePassword = false;
    await this.queries.save();
    await this.sessions.revokeAll(user.id);
    return {
      message:
        purpose === 'choose-password' ? ACCOUNT_MESSAGES.passwordChosen : ACCOUNT_MESSAGES.passwordReset,
    };
  }

  /** The language the workspace's owner signed up in (mails sent on its behalf speak it); null when not known. */
  async languageOf(workspaceId: string): Promise<{ language: Language | null }> {
    const target = UUID.test(workspaceId) ? await this.queries.mailTarget(workspaceId) : undefined;
    return { language: target?.language ?? null };
  }

  async login({ email, password }: LoginDto): Promise<LoginResult> {
    const user = await this.queries.signIn(email);
    if (!user) {
      await burnPasswordCheck(password);
      throw new DomainException(ErrorCode.Unauthenticated, ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new DomainException(ErrorCode.Unauthenticated, ACCOUNT_MESSAGES.invalidCredentials);
    }
    if (!user.emailVerified) {
      throw new DomainException(ErrorCode.Forbidden, ACCOUNT_MESSAGES.verifyBeforeLogin, {
        needsVerification: true,
      });
    }
    if (needsRehash(user.passwordHash)) {
      await this.queries.setPasswordHash(user.id, await hashPassword(password));
    }
    return this.sessions.create(user.id);
  }

  private refuseCommon(password: string): void {
    if (isCommonPassword(password))
      throw new DomainException(ErrorCode.ValidationFailed, ACCOUNT_MESSAGES.commonPassword);
  }

  /**
   * Mails the link that activates `user` and returns it: a plain verification link, or, once the
   * address was signed up for twice, a link to choose the password. The language asked for is kept for
   * later mails (usage warnings). Sent before answering, so a failed
   * send answers 503 and the user can retry.
   */
  private async mailSignUpLink(user: User, language: Language | undefined): Promise<string> {
    if (language) user.language = language;
    const purpose = signUpPurpose(user);
    const token = await this.issueToken(user, purpose);
    await this.queries.save();
    const link = signUpLink(this.config.PUBLIC_URL, purpose, token);
    await this.sendOrFail(user.email, purpose, language, link);
    return link;
  }

  /** A new link token; the user's earlier unused tokens of the same kind stop working. */
  private async issueToken(user: User, purpose: EmailTokenPurpose): Promise<string> {
    await this.queries.voidTokens(user, voidedBy(purpose));
    const token = randomBytes(32).toString('base64url');
    this.queries.addToken(user, {
      purpose,
      tokenHash: hashToken(token),
      expiresAt: tokenExpiry(purpose, Date.now()),
    });
    return token;
  }

  /** Uses up the token (it works once) and returns its user and purpose, or answers `invalid`. */
  private async consumeToken(
    token: string,
    purposes: EmailTokenPurpose[],
    invalid: string,
  ): Promise<{ user: User; purpose: EmailTokenPurpose }> {
    const consumed = await this.queries.consumeToken(hashToken(token), purposes);
    if (!consumed) throw new DomainException(ErrorCode.NotFound, invalid);
    return consumed;
  }

  private async sendOrFail(
    to: string,
    kind: Exclude<AccountMail, 'reset-password'>,
    language: Language | undefined,
    link: string,
  ) {
    try {
      await this.mailer.send(to, renderMail(kind, language ?? 'en', link));
    } catch (error) {
      this.logger.error(`${kind} mail to ${to} failed: ${String(error)}`);
      throw new DomainException(ErrorCode.ServiceUnavailable, ACCOUNT_MESSAGES.mailFailed);
    }
  }
}
