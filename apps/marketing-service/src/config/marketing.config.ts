import { IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, NotEquals, ValidateIf } from 'class-validator';
import { DEVELOPMENT_EMAIL_LINK_SECRET, ServiceConfig } from '@parley/server-kit';

const inProduction = (config: MarketingConfig) => config.NODE_ENV === 'production';

/** Any of the DKIM settings given asks for all three. */
const dkimWanted = (config: MarketingConfig) =>
  [config.DKIM_DOMAIN, config.DKIM_SELECTOR, config.DKIM_PRIVATE_KEY].some((value) => value !== undefined);

export class MarketingConfig extends ServiceConfig {
  /** The address users reach Parley at: unsubscribe links and Message-IDs are built from it. */
  @Matches(/^https?:\/\/[^/]+$/, {
    message: 'PUBLIC_URL must be an origin like https://parley.example.com (no path)',
  })
  PUBLIC_URL = 'http://localhost:3000';

  /**
   * SMTP server campaigns are sent through (smtp://user:pass@host:587), over a pool of connections.
   * Required in production; without it (development, tests) mails are only logged.
   */
  @ValidateIf((config: MarketingConfig) => inProduction(config) || config.SMTP_URL !== undefined)
  @Matches(/^smtps?:\/\/.+/, { message: 'SMTP_URL must be smtp:// or smtps:// (required in production)' })
  SMTP_URL?: string = undefined;

  /** Sender of campaign mails (the owner's company name is put before the address). */
  @IsString()
  MAIL_FROM = 'Parley <no-reply@parley.local>';

  /**
   * DKIM signing of campaign mails (optional): the domain (d=) and selector (s=) whose DNS TXT record
   * `<selector>._domainkey.<domain>` publishes the public key, and the private key (PEM; `\n` may stand for
   * line breaks, for one-line env files). All three or none.
   */
  @ValidateIf((config: MarketingConfig) => dkimWanted(config))
  @Matches(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, {
    message: 'DKIM_DOMAIN must be a domain name (set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together)',
  })
  DKIM_DOMAIN?: string = undefined;

  @ValidateIf((config: MarketingConfig) => dkimWanted(config))
  @Matches(/^[a-z0-9][a-z0-9_.-]{0,62}$/i, {
    message: 'DKIM_SELECTOR must be a DNS label like mail2026 (set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together)',
  })
  DKIM_SELECTOR?: string = undefined;

  @ValidateIf((config: MarketingConfig) => dkimWanted(config))
  @Matches(/-----BEGIN (RSA )?PRIVATE KEY-----[\s\S]+-----END (RSA )?PRIVATE KEY-----/, {
    message:
      'DKIM_PRIVATE_KEY must be a PEM private key (set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY together)',
  })
  DKIM_PRIVATE_KEY?: string = undefined;

  /** Campaign mails one owner may send per minute, across every campaign and replica. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  EMAIL_RATE_PER_MINUTE = 600;

  /** First wait before a mail the SMTP server refused for now (4xx) is tried again, in ms; it doubles each time. */
  @IsOptional()
  @IsInt()
  @Min(10)
  EMAIL_RETRY_DELAY_MS = 60_000;

  /** How often, in ms, each replica moves subscribers through their sequences (a step is at most this late). */
  @IsInt()
  @Min(100)
  @Max(3_600_000)
  EMAIL_SEQUENCE_TICK_MS = 30_000;

  /**
   * How often, in ms, each replica takes messaging-service's customer events (stages reached, leads opened) that
   * start sequences: a trigger starts its sequence at most this late.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  EMAIL_TRIGGER_POLL_MS = 5_000;

  /**
   * Signs the links in campaign mails (unsubscribe, open pixel, clicks); the gateway checks them with the same secret. At
   * least 32 characters; required in production, since anyone could sign links with the development one.
   */
  @IsString()
  @MinLength(32, { message: 'EMAIL_LINK_SECRET must be at least 32 characters' })
  @ValidateIf(inProduction)
  @NotEquals(DEVELOPMENT_EMAIL_LINK_SECRET, { message: 'EMAIL_LINK_SECRET is required in production' })
  EMAIL_LINK_SECRET = DEVELOPMENT_EMAIL_LINK_SECRET;
}
