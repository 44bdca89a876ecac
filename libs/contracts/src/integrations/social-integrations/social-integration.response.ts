import type { Platform } from '../../enums/platforms';
import type { ChannelHealthResponse } from './channel-health';

/** GET /api/social-integrations items. Tokens and secrets never leave the integrations service. */
export interface SocialIntegrationResponse {
  platform: Platform;
  isActive: boolean;
  isConfigured: boolean;
  pageName: string | null;
  lastSync: string | null;
  /**
   * Meta no longer accepts Parley's access to one of its pages (the token expired, or the owner took the
   * access away in Facebook): replies fail until the owner connects the platform again. Beyond the spec.
   */
  needsReconnect: boolean;
  /**
   * When Meta ends the access Parley connected with unless the owner connects again: WhatsApp's (the owner's
   * user token, about 60 days); null where it does not expire (Facebook and Instagram page tokens) or while
   * not connected. Once past, `needsReconnect` is true. Beyond the spec.
   */
  accessExpiresAt: string | null;
  /** The pages / Instagram accounts / WhatsApp numbers connected (beyond the spec: an owner may have several). */
  pages: { pageId: string; pageName: string }[];
  /**
   * Whether the channel hears and answers now, and why not (docs/channels.md, "Health"): the provider's
   * answer at the last periodic check and what happened since. Beyond the spec.
   */
  health: ChannelHealthResponse;
}

/** GET /api/auth/{platform}/connect: where to send the browser to grant access. */
export interface OAuthConnectResponse {
  authUrl: string;
}
