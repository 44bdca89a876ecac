import { Injectable, Logger } from '@nestjs/common';
import { FIELD_LIMITS, type MetaChannel } from '@parley/contracts';
import { IntegrationsConfig } from '../../config/integrations.config';
import { GraphClient, MetaApiError } from './graph-client';
import { SecretBox } from '../../secrets/secret-box';
import { logName } from '../channel-platform';

interface Profile {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
}

/**
 * A customer's name from their Messenger or Instagram profile (Meta's User Profile API with the page's
 * token: Messenger `GET /{PSID}?fields=first_name,last_name,name`, Instagram
 * `GET /{IGSID}?fields=name,username`), with a short timeout of its own (PROFILE_TIMEOUT_MS). WhatsApp
 * puts the name in the webhook itself, so it is never asked for here.
 */
@Injectable()
export class ProfileNames {
  private readonly logger = new Logger(ProfileNames.name);
  private readonly graph: GraphClient;

  constructor(
    graph: GraphClient,
    config: IntegrationsConfig,
    private readonly secrets: SecretBox,
  ) {
    this.graph = new GraphClient(graph.baseUrl, config.PROFILE_TIMEOUT_MS);
  }

  /**
   * `{ name }` as Meta gives it (no name when the profile has none); undefined when Meta did not answer
   * in time or refused (logged; never the token).
   */
  async read(
    platform: MetaChannel,
    userId: string,
    sealedToken: string,
  ): Promise<{ name?: string } | undefined> {
    if (platform === 'whatsapp') return {};
    try {
      const profile: Profile =
        (await this.graph.get<Profile | undefined>(`/${encodeURIComponent(userId)}`, {
          fields: platform === 'facebook' ? 'first_name,last_name,name' : 'name,username',
          access_token: this.secrets.open(sealedToken),
        })) ?? {};
      const name = (
        platform === 'facebook'
          ? (profile.name ??
            [profile.first_name, profile.last_name].filter((part) => typeof part === 'string').join(' '))
          : (profile.name ?? profile.username ?? '')
      ).trim();
      return name === '' ? {} : { name: name.slice(0, FIELD_LIMITS.username) };
    } catch (error) {
      const reason = error instanceof MetaApiError ? error.message : 'the page token could not be opened';
      this.logger.warn(`no ${platform} profile for ${logName(platform, userId)}: ${reason}`);
      return undefined;
    }
  }
}
