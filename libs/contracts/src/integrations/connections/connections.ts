import type { ChannelPlatform } from '../channels/channel-platforms';

/** integrations.connections.connect-url: the platform of GET /api/auth/{platform}/connect (checked by the service). */
export interface ConnectRequest {
  platform: string;
}

/**
 * integrations.connections.connect-url: the platform, and the binding of the browser session that asks
 * (see OAuthCallbackData.binding). The actor is the signed-in owner.
 */
export interface ConnectUrlRequest extends ConnectRequest {
  binding: string;
}

/** integrations.connections.complete: the query of Meta's redirect to /api/auth/{platform}/callback. */
export interface OAuthCallbackData {
  platform: string;
  code?: string;
  state?: string;
  /**
   * The provider's own refusal (the owner pressed Cancel): only whether there was one counts. Its
   * error_description is never forwarded: it is the provider's (or an attacker's) text.
   */
  error?: string;
  /**
   * A hash of the session cookie the callback came with (absent without one), computed by the gateway as
   * for the connect URL: the callback connects only when it equals the binding stored with the state, and
   * the actor is the owner who asked (RFC 6749 §10.12).
   */
  binding?: string;
}

export interface OAuthCallbackResult {
  platform: ChannelPlatform;
  /** How many pages / Instagram accounts / WhatsApp numbers were connected. */
  connected: number;
}
