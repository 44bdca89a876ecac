import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { AuthConfig } from '../config/auth.config';
import type { RenderedMail } from './templates';

/**
 * Sends account mails over SMTP_URL. Without it (development and tests only; production requires
 * SMTP_URL), each mail is written as an .eml file to MAIL_OUTBOX_DIR instead.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter;

  constructor(private readonly config: AuthConfig) {
    if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
      throw new Error('SMTP_URL is required in production (account mails cannot go to a local outbox)');
    }
    this.transport = config.SMTP_URL
      ? createTransport(config.SMTP_URL, { from: config.MAIL_FROM })
      : createTransport({ streamTransport: true, buffer: true, newline: 'unix' } as StreamTransport.Options, {
          from: config.MAIL_FROM,
        });
  }

  /** True when mails go to the local outbox: the only time answers may carry dev links. */
  get usesOutbox(): boolean {
    return !this.config.SMTP_URL;
  }

  async send(to: string, mail: RenderedMail): Promise<void> {
    const info = (await this.transport.sendMail({ to, ...mail })) as { message?: Buffer; messageId: string };
    if (this.usesOutbox && info.message) {
      await mkdir(this.config.MAIL_OUTBOX_DIR, { recursive: true });
      const file = path.join(
        this.config.MAIL_OUTBOX_DIR,
        `${Date.now()}-${to.replace(/[^\w.@-]/g, '_')}.eml`,
      );
      await writeFile(file, info.message);
      this.logger.log(`mail "${mail.subject}" for ${to} written to ${file}`);
    }
  }
}
