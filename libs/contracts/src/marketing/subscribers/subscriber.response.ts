import type { SubscriberStatus } from './subscriber-statuses';

/** `source` is `manual` for subscribers added by hand, `import` from a CSV, `conversation` from a customer. */
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
  /** The messaging customer it was made from (the contact panel's Make subscriber), if any. */
  customerId: string | null;
}
