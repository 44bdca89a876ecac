import type { PackageId } from '../../enums/packages';
import type { PlanId } from '../plans/plan-ids';

export type PurchaseKind = 'plan' | 'refill';
export type PurchaseStatus = 'completed' | 'refunded' | 'pending';

/** One payment of the owner: a plan (its first period or a renewal) or a refill. */
export interface PurchaseResponse {
  id: string;
  kind: PurchaseKind;
  packageId: string;
  name: string;
  /** Refill calls added; null for a plan. */
  apiCallsAdded: number | null;
  /** In the currency's major unit (dollars, not cents). */
  amountPaid: number;
  /** ISO 4217, lower case as the payment provider sends it. */
  currency: string;
  paymentId: string;
  status: PurchaseStatus;
  createdAt: string;
}

/** GET /api/billing: the owner's plan, period and allowance, and their purchases (newest first, at most 50). */
export interface BillingOverviewResponse {
  plan: PlanId | PackageId;
  /** cancelling: the subscription was cancelled; the plan ends at `periodEnd`, then Free. */
  status: 'active' | 'cancelling';
  periodStart: string;
  periodEnd: string | null;
  allowance: { planCalls: number | null; refillCalls: number; used: number };
  purchases: PurchaseResponse[];
}
