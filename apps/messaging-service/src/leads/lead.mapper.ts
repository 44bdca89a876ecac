import type { LeadResponse } from '@parley/contracts';
import { type ColumnsOf, isoTime } from '@parley/server-kit';
import { columnIndex } from '../shared/list-sql';

export interface LeadRow {
  id: string;
  customer_id: string;
  source: string;
  /** numeric comes as text. */
  value: string | null;
  status: string;
  /** A timestamptz comes as text (see isoTime). */
  created_at: string;
  /** The customer's test mark (leads hang on a customer: a simulated customer's lead is test data). */
  is_test: boolean;
}

export const LEAD_COLUMNS = [
  'id',
  'customer_id',
  'source',
  'value',
  'status',
  'created_at',
  'is_test',
] as const satisfies readonly (keyof LeadRow)[];

export type LeadColumns = ColumnsOf<LeadRow, typeof LEAD_COLUMNS>;

const L = columnIndex(LEAD_COLUMNS);

export function leadFromColumns(c: LeadColumns): LeadResponse {
  const value = c[L.value];
  return {
    id: c[L.id],
    customerId: c[L.customer_id],
    source: c[L.source],
    value: value === null ? null : Number(value),
    status: c[L.status],
    createdAt: isoTime(c[L.created_at]),
    isTest: c[L.is_test],
  };
}
