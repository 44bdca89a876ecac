import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type DKIM from 'nodemailer/lib/dkim';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { MarketingConfig } from '../config/marketing.config';

/** SMTP connections kept open per replica, and mails sent on one before it is replaced. */
const POOL: Pick<SMTPPool.Options, 'maxConnections' | 'maxMessages'> = {
  maxConnections: 5,
  maxMessages: 500,
};

/** How an SMTP server answered a mail it did not take. */
export type Refusal =
  /** 5xx: the address (or the mail) is refused for good; sending again will not help. */
  | { kind: 'permanent'; reason: string }
  /** 4xx, or no answer at all (connection refused, timeout): it may take it later. */
  | { kind: 'temporary'; reason: string };

/**
 * Sends campaign mails over SMTP_URL through nodemailer's connection pool, DKIM-signed when DKIM_* are set.
 * Without SMTP_URL (development and tests only; production requires it) a mail is only logged.
 */
@Injectable()
export class CampaignMailer implements OnModuleDestroy {
  private readonly logger = new Logger(CampaignMailer.name);
  private readonly transport: Transporter;

  constructor(private readonly config: MarketingConfig) {
    // nodemailer takes only the URL's settings when given `url` (a pool or DKIM beside it would be
    // dropped), so the URL is read into options first.
    this.transport = config.SMTP_URL
      ? createTransport({
          ...(parseConnectionUrl(config.SMTP_URL) as SMTPPool.Options),
          pool: true,
          ...POOL,
          dkim: dkimOf(config),
        })
      : createTransport({ jsonTransport: true });
  }

  /** Sends the mail; throws when the server does not take it (see refusalOf). */
  async send(mail: Mail.Options): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.config.SMTP_URL)
      this.logger.log(`mail "${String(mail.subject)}" for ${String(mail.to)} (no SMTP_URL)`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
}

/** nodemailer's DKIM signing from DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY; undefined without them. */
export function dkimOf(config: MarketingConfig): DKIM.Options | undefined {
  const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY } = config;
  if (!DKIM_DOMAIN || !DKIM_SELECTOR || !DKIM_PRIVATE_KEY) return undefined;
  return {
    domainName: DKIM_DOMAIN,
    keySelector: DKIM_SELECTOR,
    privateKey: DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
  };
}

/** What nodemailer's error says about the refusal: the SMTP reply code decides. */
export function refusalOf(error: unknown): Refusal {
  const { responseCode, response, message } = (error ?? {}) as {
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const reason = (response ?? message ?? String(error)).slice(0, 500);
  return typeof responseCode === 'number' && responseCode >= 500
    ? { kind: 'permanent', reason }
    : { kind: 'temporary', reason };
}
