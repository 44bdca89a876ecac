import net from 'node:net';
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

/** nodemailer's own wait for a connection (2 minutes), for the connections we open for it. */
const CONNECTION_TIMEOUT_MS = 120_000;

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
          getSocket: connectWithoutDelay,
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

/**
 * Opens a pool connection to the SMTP server with Nagle's algorithm off (TCP_NODELAY), for nodemailer's
 * `getSocket`; nodemailer then greets, upgrades to TLS (smtps, or STARTTLS) and authenticates on it as on
 * its own. nodemailer never sets TCP_NODELAY: it writes a mail's last bytes (`\r\n.\r\n`) apart from the
 * body, Nagle holds them until the server acknowledges the body, and the server delays that ACK (40 ms on
 * Linux) because it has nothing to answer yet: 40 ms per mail per connection, at most ~125 mails/s from a
 * pool of 5 however fast everything else is (docs/performance.md, "Email campaign"). Other SMTP clients
 * set it for the same reason (lettre, and Postfix's author advised it for Swift Mailer).
 */
export function connectWithoutDelay(
  options: SMTPPool.Options,
  callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void,
): void {
  const socket = new net.Socket();
  socket.setNoDelay(true); // kept until the socket connects, then set on it
  socket.connect({
    host: options.host ?? 'localhost',
    port: options.port ?? (options.secure ? 465 : 587),
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  const timer = setTimeout(
    () => socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
    options.connectionTimeout ?? CONNECTION_TIMEOUT_MS,
  );
  const failed = (error: Error) => {
    clearTimeout(timer);
    callback(error);
  };
  socket.once('error', failed);
  socket.once('connect', () => {
    clearTimeout(timer);
    socket.removeListener('error', failed);
    callback(null, { connection: socket });
  });
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
