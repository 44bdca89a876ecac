import { isOneOf } from '../../enums/one-of';

/**
 * `pending` / `responded` / `read` describe an incoming message awaiting or having a reply;
 * `sent` / `received` / `failed` describe delivery on the channel. Beyond the spec: `queued` (an outgoing
 * message waiting for its delivery job) and `delivered` (the platform reported it reached the customer);
 * `read` is also an outgoing message the customer has seen; `simulated` an outgoing message to a simulated
 * (test) customer, which is stored and delivered nowhere (docs/inbox.md, "Test data").
 */
export const MESSAGE_STATUSES = [
  'pending',
  'responded',
  'read',
  'sent',
  'received',
  'failed',
  'queued',
  'delivered',
  'simulated',
] as const;

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const DEFAULT_MESSAGE_STATUS: MessageStatus = 'pending';

export function isMessageStatus(value: unknown): value is MessageStatus {
  return isOneOf(MESSAGE_STATUSES, value);
}
