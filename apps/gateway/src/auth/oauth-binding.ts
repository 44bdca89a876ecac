import { createHash } from 'node:crypto';

/**
 * What ties an OAuth state to the browser session that asked for it (RFC 6749 §10.12): a SHA-256 of the
 * session token, under a label of its own so that it is not the session's key anywhere else (auth-service
 * keys sessions by the plain SHA-256). integrations-service stores it with the state and compares it with
 * the callback's; the token itself never leaves the gateway.
 */
export function oauthBinding(sessionToken: string): string {
  return createHash('sha256').update('parley oauth state binding\0').update(sessionToken).digest('hex');
}
