import { isOneOf } from '../../enums/one-of';

/**
 * What a customer gets when the owner's API calls are exhausted: nothing (the message waits for the owner),
 * or the owner's away message (sent without using a call).
 */
export const AT_LIMIT_REPLIES = ['nothing', 'away_message'] as const;

export type AtLimitReply = (typeof AT_LIMIT_REPLIES)[number];

export const DEFAULT_AT_LIMIT_REPLY: AtLimitReply = 'nothing';

export const AWAY_MESSAGE = {
  /** Longest away message, in characters. */
  maxLength: 1000,
  /** The answer when `away_message` is chosen without one. */
  required: 'Please write the away message',
} as const;

export function isAtLimitReply(value: unknown): value is AtLimitReply {
  return isOneOf(AT_LIMIT_REPLIES, value);
}
