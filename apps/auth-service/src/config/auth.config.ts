import { IsInt, IsOptional, IsString, Matches, Min } from 'class-validator';
import { ServiceConfig } from '@parley/server-kit';

export class AuthConfig extends ServiceConfig {
  /** The address users reach Parley at; verification and reset links are built from it. */
  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin like https://parley.example.com (no path)',
  })
  PUBLIC_URL = 'http://localhost:3000';

  /** SMTP server for account mails (smtp://user:pass@host:587). Required in production. */
  @IsOptional()
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be smtp:// or smtps://' })
  SMTP_URL?: string = undefined;

  /** Sender of account mails. */
  @IsString()
  MAIL_FROM = 'Parley <no-reply@parley.local>';

  /** Development only: where mails are written when SMTP_URL is not set. */
  @IsString()
  MAIL_OUTBOX_DIR = 'var/outbox';

  /** A session ends after this many days without use. */
  @IsInt()
  @Min(1)
  SESSION_IDLE_DAYS = 7;

  /** A session ends this many days after sign-in, used or not. */
  @IsInt()
  @Min(1)
  SESSION_MAX_DAYS = 30;
}
