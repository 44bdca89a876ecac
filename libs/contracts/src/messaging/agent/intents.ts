import { isOneOf } from '../../enums/one-of';

/** What a customer message is about, as the agent classifies it. */
export const INTENTS = [
  'greeting',
  'product_inquiry',
  'pricing',
  'order_status',
  'complaint',
  'support',
  'purchase_intent',
  'other',
] as const;

export type Intent = (typeof INTENTS)[number];

export function isIntent(value: unknown): value is Intent {
  return isOneOf(INTENTS, value);
}
