import type { Platform } from '../../enums/platforms';

/** GET /api/social-integrations items. Tokens and secrets never leave the integrations service. */
export interface SocialIntegrationResponse {
  platform: Platform;
  isActive: boolean;
  isConfigured: boolean;
  pageName: string | null;
  lastSync: string | null;
  /** The pages / Instagram accounts / WhatsApp numbers connected (beyond the spec: an owner may have several). */
  pages: { pageId: string; pageName: string }[];
}

/** GET /api/auth/{platform}/connect: where to send the browser to grant access. */
export interface OAuthConnectResponse {
  authUrl: string;
}
