import type { CustomerResponse, CustomerStage, CustomerStatus, Platform } from '@parley/contracts';
import { type ColumnsOf, isoTime } from '@parley/server-kit';

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

/** The columns a customer is answered from, and the list's position (created_at). */
export const CUSTOMER_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'platform',
  'platform_username',
  'stage',
  'status',
  'source',
  'tags',
  'interest',
  'notes',
  'last_contact',
  'created_at',
] as const satisfies readonly (keyof CustomerRow)[];

/** A customer row as an array of CUSTOMER_COLUMNS (see sqlTuples). */
export type CustomerColumns = ColumnsOf<CustomerRow, typeof CUSTOMER_COLUMNS>;

/** `created_at` is not part of the answer (lists keep their position by it). */
export function customerFromColumns(c: CustomerColumns): CustomerResponse {
  return {
    id: c[0],
    name: c[1],
    email: c[2],
    phone: c[3],
    platform: c[4] as Platform,
    platformUsername: c[5],
    stage: c[6] as CustomerStage,
    status: c[7] as CustomerStatus,
    source: c[8],
    tags: c[9],
    interest: c[10],
    notes: c[11],
    lastContact: c[12] === null ? null : isoTime(c[12]),
  };
}

/** A stored row, as `select *` or `returning *` give it. */
export function toCustomerResponse(row: CustomerRow): CustomerResponse {
  return customerFromColumns(CUSTOMER_COLUMNS.map((column) => row[column]) as unknown as CustomerColumns);
}
