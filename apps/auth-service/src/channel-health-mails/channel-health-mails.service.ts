import { Injectable } from '@nestjs/common';
import { AuthConfig } from '../config/auth.config';
import { renderChannelHealthMail } from '../mail/channel-health-mail';
import { OwnerMailer } from '../mail/owner-mailer';
import type { ChannelHealthMailDto } from './channel-health-mail.dto';

/**
 * Mails an owner that a channel is degraded (integrations-service decided it, once per degraded episode):
 * in their language, with a link to the Integrations page, where Reconnect is.
 */
@Injectable()
export class ChannelHealthMailsService {
  constructor(
    private readonly owners: OwnerMailer,
    private readonly config: AuthConfig,
  ) {}

  send(userId: string, { platform, problems, detail }: ChannelHealthMailDto): Promise<{ sent: true }> {
    return this.owners.send(userId, `channel health (${platform})`, (language) =>
      renderChannelHealthMail(
        platform,
        problems,
        detail,
        language,
        `${this.config.PUBLIC_URL}/social-integrations`,
      ),
    );
  }
}
