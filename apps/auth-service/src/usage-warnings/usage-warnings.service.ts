import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../config/auth.config';
import { OwnerMailer } from '../mail/owner-mailer';
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
  constructor(
    private readonly owners: OwnerMailer,
    private readonly config: AuthConfig,
  ) {}

  send(userId: string, { level, used, limit }: UsageWarningMailDto): Promise<UsageWarningMailResult> {
    return this.owners.send(userId, `usage warning ${level}`, (language) =>
      renderUsageWarningMail(level, { used, limit }, language, `${this.config.PUBLIC_URL}/billing`),
    );
  }
}
