import type { CustomerResponse, CustomerStage, CustomerStatus, Platform } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

export interface CustomerRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  platform: string;
  platform_username: string;
  stage: string;
  status: string;
  source: string;
  tags: string[];
  interest: string | null;
  notes: string | null;
  /** A timestamptz comes as text (see isoTime). */
  last_contact: string | null;
  created_at: string;
}

/** A stored row (as `select *` or `returning *` give it); `created_at` is not part of the answer. */
export function toCustomerResponse(row: Omit<CustomerRow, 'created_at'>): CustomerResponse {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    platform: row.platform as Platform,
    platformUsername: row.platform_username,
    stage: row.stage as CustomerStage,
    status: row.status as CustomerStatus,
    source: row.source,
    tags: row.tags,
    interest: row.interest,
    notes: row.notes,
    lastContact: row.last_contact === null ? null : isoTime(row.last_contact),
  };
}
