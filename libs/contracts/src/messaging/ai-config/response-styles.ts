import { isOneOf } from '../../enums/one-of';

/** The tone the AI agent answers in. */
export const RESPONSE_STYLES = ['professional', 'friendly', 'casual', 'enthusiastic'] as const;

export type ResponseStyle = (typeof RESPONSE_STYLES)[number];

export const DEFAULT_RESPONSE_STYLE: ResponseStyle = 'professional';

export function isResponseStyle(value: unknown): value is ResponseStyle {
  return isOneOf(RESPONSE_STYLES, value);
}
