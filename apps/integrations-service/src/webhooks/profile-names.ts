import { Injectable, Logger } from '@nestjs/common';
import { FIELD_LIMITS, type MetaChannel, PLATFORM_NAMES } from '@parley/contracts';
import { GraphClient, MetaApiError } from '../meta/graph-client';
import { SecretBox } from '../secrets/secret-box';

interface Profile {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
}

/** What a customer is called when Meta gives no name: the platform and the end of their id. */
export function neutralName(platform: MetaChannel, userId: string): string {
  return `${PLATFORM_NAMES[platform]} user ${userId.slice(-4)}`;
}

/**
 * A customer's name from their Messenger or Instagram profile (the Graph API with the page's token).
 * WhatsApp puts the name in the webhook itself, so it is never asked for here.
 */
@Injectable()
export class ProfileNames {
  private readonly logger = new Logger(ProfileNames.name);

  constructor(
    private readonly graph: GraphClient,
    private readonly secrets: SecretBox,
  ) {}

  /** Undefined when Meta has none to give or does not answer (logged; never the token). */
  async read(platform: MetaChannel, userId: string, sealedToken: string): Promise<string | undefined> {
    if (platform === 'whatsapp') return undefined;
    try {
      const profile: Profile =
        (await this.graph.get<Profile | undefined>(`/${encodeURIComponent(userId)}`, {
          fields: platform === 'facebook' ? 'first_name,last_name' : 'name,username',
          access_token: this.secrets.open(sealedToken),
        })) ?? {};
      const name = (
        platform === 'facebook'
          ? [profile.first_name, profile.last_name].filter((part) => typeof part === 'string').join(' ')
          : (profile.name ?? profile.username ?? '')
      ).trim();
      return name === '' ? undefined : name.slice(0, FIELD_LIMITS.username);
    } catch (error) {
      const reason = error instanceof MetaApiError ? error.message : 'the page token could not be opened';
      this.logger.warn(`no ${platform} profile for ${neutralName(platform, userId)}: ${reason}`);
      return undefined;
    }
  }
}
