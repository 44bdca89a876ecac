import { isOneOf } from '../../enums/one-of';

/** Whether a customer record is in use. The spec names only `active` (the default); the others are ours. */
export const CUSTOMER_STATUSES = ['active', 'inactive', 'archived'] as const;

export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const DEFAULT_CUSTOMER_STATUS: CustomerStatus = 'active';

export function isCustomerStatus(value: unknown): value is CustomerStatus {
  return isOneOf(CUSTOMER_STATUSES, value);
}
