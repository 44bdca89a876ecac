import type { PricingPlan } from './pricing-plans';

/** GET /api/plans: a plan of the catalogue as the server enforces it. */
export interface PlanResponse extends PricingPlan {
  /** The hosted payment link for this owner (`client_reference_id` appended); null for Free, Enterprise or none configured. */
  paymentLink: string | null;
  /** The API calls a period of this plan allows; null: unlimited. */
  monthlyApiCalls: number | null;
}
