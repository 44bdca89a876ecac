/**
 * A connected channel's health (docs/channels.md, "Health"): what the provider said at the last check and
 * what happened since (webhooks in, sends out). One rule, used by integrations-service (which notifies the
 * owner once per degraded episode) and by the web (which words the reasons).
 */

/** ok: it hears and answers; degraded: it needs the owner (Reconnect); disconnected: not connected. */
export const CHANNEL_HEALTH_STATES = ['ok', 'degraded', 'disconnected'] as const;
export type ChannelHealthState = (typeof CHANNEL_HEALTH_STATES)[number];

/**
 * valid: the provider accepts Parley's access; expiring: it does, until `tokenExpiresAt` (within
 * TOKEN_EXPIRING_DAYS); refused: it no longer does (connect again); unknown: not checked yet, or the
 * provider did not answer.
 */
export type ChannelTokenHealth = 'valid' | 'expiring' | 'refused' | 'unknown';

/** Why a channel is degraded. */
export const CHANNEL_HEALTH_PROBLEMS = ['token_refused', 'subscription_missing', 'send_failures'] as const;
export type ChannelHealthProblem = (typeof CHANNEL_HEALTH_PROBLEMS)[number];

/** This many sends failed one after another (no send succeeded between them) degrade a channel. */
export const HEALTH_FAILURES_IN_ROW = 5;

/** An access that ends within this many days is `expiring` (the owner is asked to connect again). */
export const TOKEN_EXPIRING_DAYS = 7;

/** The `health` of GET /api/social-integrations items (beyond the spec). Times are ISO. */
export interface ChannelHealthResponse {
  state: ChannelHealthState;
  /** Why it is degraded (empty unless `state` is degraded). */
  problems: ChannelHealthProblem[];
  token: ChannelTokenHealth;
  /** When the provider ends the access (the soonest of the pages'); null when it does not, or not known. */
  tokenExpiresAt: string | null;
  /** The provider's words when it refused the token. */
  tokenError: string | null;
  /** Whether the provider sends the channel's webhooks to Parley; null until checked, or when it did not answer. */
  subscribed: boolean | null;
  /** Why a missing subscription could not be put back (the provider's words). */
  subscriptionError: string | null;
  /** When the channel's last webhook arrived (to within a few seconds). */
  lastWebhookAt: string | null;
  /** When the last message went out or failed for good. */
  lastSendAt: string | null;
  /** Why the last send failed; null when it went out. */
  lastSendError: string | null;
  /** Sends failed one after another since the last that went out. */
  failuresInRow: number;
  /** When the provider was last asked (the periodic check); null before the first. */
  checkedAt: string | null;
  /** Since when it has been degraded (the owner was told then). */
  degradedSince: string | null;
}

/** What the problems are read from. */
export interface ChannelHealthFacts {
  tokenRefused: boolean;
  subscribed: boolean | null;
  failuresInRow: number;
}

/** Why these facts degrade a channel, in a fixed order (empty: healthy). */
export function channelHealthProblems(facts: ChannelHealthFacts): ChannelHealthProblem[] {
  const problems: ChannelHealthProblem[] = [];
  if (facts.tokenRefused) problems.push('token_refused');
  if (facts.subscribed === false) problems.push('subscription_missing');
  if (facts.failuresInRow >= HEALTH_FAILURES_IN_ROW) problems.push('send_failures');
  return problems;
}

/** valid, or expiring once `expiresAt` is within TOKEN_EXPIRING_DAYS of `now` (refused is said by the provider). */
export function tokenHealth(
  refused: boolean,
  checked: boolean,
  expiresAt: string | null,
  now: number,
): ChannelTokenHealth {
  if (refused) return 'refused';
  if (expiresAt !== null && Date.parse(expiresAt) - now <= TOKEN_EXPIRING_DAYS * 24 * 3_600_000)
    return 'expiring';
  return checked ? 'valid' : 'unknown';
}

/** The data of auth.mail.channel-health: the owner (the actor) is emailed that a channel needs them. */
export interface ChannelHealthMailData {
  platform: string;
  problems: ChannelHealthProblem[];
  /** The provider's words, or the last send's error (shown as is; never a token). */
  detail?: string;
}

/** The data of a 'channel_degraded' realtime event (a popup). */
export interface ChannelDegradedData {
  platform: string;
  problems: ChannelHealthProblem[];
}
