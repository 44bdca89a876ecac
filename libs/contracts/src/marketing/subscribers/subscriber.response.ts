import type { SubscriberStatus } from './subscriber-statuses';

/** `source` is `manual` for subscribers added by hand. */
export interface SubscriberResponse {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: SubscriberStatus;
  source: string;
  tags: string[];
  subscribedAt: string;
  unsubscribedAt: string | null;
}
