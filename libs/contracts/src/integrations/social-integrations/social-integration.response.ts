import type { Platform } from '../../enums/platforms';

/** GET /api/social-integrations items. Tokens and secrets never leave the integrations service. */
export interface SocialIntegrationResponse {
  platform: Platform;
  isActive: boolean;
  isConfigured: boolean;
  pageName: string | null;
  lastSync: string | null;
}

/** GET /api/auth/{platform}/connect: where to send the browser to grant access. */
export interface OAuthConnectResponse {
  authUrl: string;
}
