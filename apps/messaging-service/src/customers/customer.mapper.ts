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
  last_contact: Date | null;
  created_at: Date;
}

export function toCustomerResponse(row: CustomerRow): CustomerResponse {
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
    lastContact: row.last_contact ? new Date(row.last_contact).toISOString() : null,
  };
}
