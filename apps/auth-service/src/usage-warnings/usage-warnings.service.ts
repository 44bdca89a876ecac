import { Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import { AccountsQueries } from '../accounts/accounts.queries';
import { AuthConfig } from '../config/auth.config';
import { Mailer } from '../mail/mailer';
import { renderUsageWarningMail } from '../mail/usage-warning-mail';
import type { UsageWarningMailDto } from './usage-warning-mail.dto';

/** The answer once the mail is sent. */
export interface UsageWarningMailResult {
  sent: true;
}

/**
 * Mails an owner the usage warning billing-service decided on (billing keeps it to once per level and
 * period): in the language they signed up in, else English, with a link to the Billing page.
 */
@Injectable()
export class UsageWarningsService {
  private readonly logger = new Logger(UsageWarningsService.name);

  constructor(
    private readonly queries: AccountsQueries,
    private readonly config: AuthConfig,
    private readonly mailer: Mailer,
  ) {}

  async send(userId: string, { level, used, limit }: UsageWarningMailDto): Promise<UsageWarningMailResult> {
    const target = await this.queries.mailTarget(userId);
    if (!target) throw new DomainException(ErrorCode.NotFound, 'No such account');
    const mail = renderUsageWarningMail(
      level,
      { used, limit },
      target.language ?? 'en',
      `${this.config.PUBLIC_URL}/billing`,
    );
    try {
      await this.mailer.send(target.email, mail);
    } catch (error) {
      this.logger.error(`usage warning ${level} mail to ${target.email} failed: ${String(error)}`);
      throw new DomainException(
        ErrorCode.ServiceUnavailable,
        'The usage warning could not be mailed right now',
      );
    }
    return { sent: true };
  }
}
