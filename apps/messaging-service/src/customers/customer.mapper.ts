import type { CustomerResponse, CustomerStage, CustomerStatus, Platform } from '@parley/contracts';

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
  /** timestamptz columns come as text from MikroORM's connection. */
  last_contact: string | null;
  created_at: string;
}

/** `lastContact` apart from the row: list rows carry it as `epochMicros` (see shared/cursor). */
export function toCustomerResponse(
  row: Omit<CustomerRow, 'created_at' | 'last_contact'>,
  lastContact: Date | null,
): CustomerResponse {
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
    lastContact: lastContact?.toISOString() ?? null,
  };
}

/** A whole stored row (as `select *` or `returning *` give it). */
export function storedCustomerResponse(row: CustomerRow): CustomerResponse {
  return toCustomerResponse(row, row.last_contact === null ? null : new Date(row.last_contact));
}
