import { isOneOf } from '../../enums/one-of';

/** Sales-pipeline stages. Any stage may be set from any other; no order is enforced. */
export const CUSTOMER_STAGES = ['new', 'interested', 'qualified', 'follow-up', 'converted'] as const;

export type CustomerStage = (typeof CUSTOMER_STAGES)[number];

export const DEFAULT_CUSTOMER_STAGE: CustomerStage = 'new';

export function isCustomerStage(value: unknown): value is CustomerStage {
  return isOneOf(CUSTOMER_STAGES, value);
}
