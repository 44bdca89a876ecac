import type { SubscriberResponse, SubscriberStatus } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';
import type { OwnedTable } from '../shared/owned-rows';

export interface SubscriberRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  status: string;
  source: string;
  tags: string[];
  subscribed_at: string;
  unsubscribed_at: string | null;
  customer_id: string | null;
  created_at: string;
}

export function toSubscriberResponse(row: SubscriberRow): SubscriberResponse {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status as SubscriberStatus,
    source: row.source,
    tags: row.tags,
    subscribedAt: isoTime(row.subscribed_at),
    unsubscribedAt: row.unsubscribed_at === null ? null : isoTime(row.unsubscribed_at),
    customerId: row.customer_id,
  };
}

export const EMAIL_SUBSCRIBERS: OwnedTable<SubscriberRow, SubscriberResponse> = {
  table: 'email_subscribers',
  columns:
    'id, email, first_name, last_name, status, source, tags, subscribed_at, unsubscribed_at, customer_id, created_at',
  map: toSubscriberResponse,
};
