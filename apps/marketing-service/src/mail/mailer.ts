import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { MarketingConfig } from '../config/marketing.config';

/** SMTP connections kept open per replica, and mails sent on one before it is replaced. */
const POOL: Pick<SMTPPool.Options, 'maxConnections' | 'maxMessages'> = { maxConnections: 5, maxMessages: 500 };

/** How an SMTP server answered a mail it did not take. */
export type Refusal =
  /** 5xx: the address (or the mail) is refused for good; sending again will not help. */
  | { kind: 'permanent'; reason: string }
  /** 4xx, or no answer at all (connection refused, timeout): it may take it later. */
  | { kind: 'temporary'; reason: string };

/**
 * Sends campaign mails over SMTP_URL through nodemailer's connection pool. Without SMTP_URL (development
 * and tests only; production requires it) a mail is only logged.
 */
@Injectable()
export class CampaignMailer implements OnModuleDestroy {
  private readonly logger = new Logger(CampaignMailer.name);
  private readonly transport: Transporter;

  constructor(private readonly config: MarketingConfig) {
    this.transport = config.SMTP_URL
      ? createTransport({ url: config.SMTP_URL, pool: true, ...POOL } as SMTPPool.Options)
      : createTransport({ jsonTransport: true });
  }

  /** Sends the mail; throws when the server does not take it (see refusalOf). */
  async send(mail: Mail.Options): Promise<void> {
    await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
    if (!this.config.SMTP_URL) this.logger.log(`mail "${String(mail.subject)}" for ${String(mail.to)} (no SMTP_URL)`);
  }

  onModuleDestroy(): void {
    this.transport.close();
  }
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
