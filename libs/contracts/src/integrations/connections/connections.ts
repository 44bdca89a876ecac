import type { MetaChannel } from '../channels/channel-platforms';

/** integrations.connections.connect-url: the platform of GET /api/auth/{platform}/connect (checked by the service). */
export interface ConnectRequest {
  platform: string;
}

/** integrations.connections.complete: the query of Meta's redirect to /api/auth/{platform}/callback. */
export interface OAuthCallbackData {
  platform: string;
  code?: string;
  state?: string;
  /** Meta's own refusal (the owner pressed Cancel): error, error_reason, error_description. */
  error?: string;
  errorDescription?: string;
}

export interface OAuthCallbackResult {
  platform: MetaChannel;
  /** How many pages / Instagram accounts / WhatsApp numbers were connected. */
  connected: number;
}
