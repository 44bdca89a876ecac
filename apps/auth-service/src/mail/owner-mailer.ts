import { Injectable, Logger } from '@nestjs/common';
import { DomainException, ErrorCode, type Language } from '@parley/contracts';
import { AccountsQueries } from '../accounts/accounts.queries';
import { Mailer } from './mailer';
import type { RenderedMail } from './templates';

/**
 * Mails an owner what another service decided to tell them (a usage warning, a degraded channel): to their
 * address, in the language they signed up in, else English. An unknown owner is NOT_FOUND; a mail the SMTP
 * server does not take is SERVICE_UNAVAILABLE (the caller logs it).
 */
@Injectable()
export class OwnerMailer {
  private readonly logger = new Logger(OwnerMailer.name);

  constructor(
    private readonly queries: AccountsQueries,
    private readonly mailer: Mailer,
  ) {}

  /** To the owner of the workspace `workspaceId`. */
  async send(
    workspaceId: string,
    what: string,
    render: (language: Language) => RenderedMail,
  ): Promise<{ sent: true }> {
    const target = await this.queries.mailTarget(workspaceId);
    if (!target) throw new DomainException(ErrorCode.NotFound, 'No such account');
    try {
      await this.mailer.send(target.email, render(target.language ?? 'en'));
    } catch (error) {
      this.logger.error(`${what} mail to ${target.email} failed: ${String(error)}`);
      throw new DomainException(ErrorCode.ServiceUnavailable, `The ${what} mail could not be sent right now`);
    }
    return { sent: true };
  }
}
