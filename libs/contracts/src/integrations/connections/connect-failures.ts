import { isOneOf } from '../../enums/one-of';

/**
 * Why a connection could not be completed: the only words the OAuth callback puts in the address it sends
 * the browser back to (`/setup/{platform}?error=<code>`), and the keys of the wizard's texts. Nothing
 * Meta, X or the address bar sent is ever shown: an unknown code reads as `failed`.
 * - session_mismatch: the callback did not come back to the signed-in browser session that asked for the link;
 * - invalid_state / used / expired: the link's state was forged or missing, already used, or too old;
 * - denied: the owner cancelled the provider's dialog (or the provider refused it);
 * - no_code: the provider sent neither a code nor a refusal;
 * - provider_refused / provider_unavailable: the provider refused a call, or could not be reached;
 * - no_assets: the grant reaches no page / account / number of that platform;
 * - already_connected: another Parley account holds one of them, and this consent does not prove control of it;
 * - no_dm_access: the consent or the provider's app does not allow direct messages (X: the dm.read / dm.write
 *   scopes were not granted, or the app has no Account Activity access);
 * - failed: anything else (Parley itself failed).
 */
export const CONNECT_FAILURES = [
  'session_mismatch',
  'invalid_state',
  'used',
  'expired',
  'denied',
  'no_code',
  'provider_refused',
  'provider_unavailable',
  'no_assets',
  'already_connected',
  'no_dm_access',
  'failed',
] as const;

export type ConnectFailure = (typeof CONNECT_FAILURES)[number];

export function isConnectFailure(value: unknown): value is ConnectFailure {
  return isOneOf(CONNECT_FAILURES, value);
}

/** The RPC error's `details` key that carries the ConnectFailure of a refused callback. */
export const CONNECT_FAILURE_DETAIL = 'connectFailure';
