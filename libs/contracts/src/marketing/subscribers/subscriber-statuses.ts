import { isOneOf } from '../../enums/one-of';

/** Email subscriber state. The spec names only `subscribed` (the default); the others are ours. */
export const SUBSCRIBER_STATUSES = ['subscribed', 'unsubscribed', 'bounced'] as const;

export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const DEFAULT_SUBSCRIBER_STATUS: SubscriberStatus = 'subscribed';

export function isSubscriberStatus(value: unknown): value is SubscriberStatus {
  return isOneOf(SUBSCRIBER_STATUSES, value);
}
