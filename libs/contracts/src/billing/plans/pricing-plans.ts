import type { PlanId } from './plan-ids';

/**
 * How a plan is bought: `activate` without payment, `payment_link` through an external hosted
 * payment page (its URL is deployment configuration), `contact_sales` with a demo booking.
 */
export type PlanCheckout = 'activate' | 'payment_link' | 'contact_sales';

export interface PricingPlan {
  id: PlanId;
  name: string;
  monthlyPriceUsd: number;
  interval: 'month';
  /** API calls a month (one AI response is one API call); null: unlimited. See planMonthlyApiCalls. */
  aiResponsesPerMonth: number | null;
  /** Labelled Most Popular. */
  popular: boolean;
  checkout: PlanCheckout;
}

/** The in-app Choose Your Plan screen and /checkout (spec 001 §9). */
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    interval: 'month',
    aiResponsesPerMonth: 100,
    popular: false,
    checkout: 'activate',
  },
  {
    id: 'basic',
    name: 'Basic',
    monthlyPriceUsd: 19,
    interval: 'month',
    aiResponsesPerMonth: 1000,
    popular: false,
    checkout: 'payment_link',
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 49,
    interval: 'month',
    aiResponsesPerMonth: 5000,
    popular: true,
    checkout: 'payment_link',
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: 199,
    interval: 'month',
    aiResponsesPerMonth: null,
    popular: false,
    checkout: 'contact_sales',
  },
];

/**
 * The API calls a month of a plan allows (null: unlimited): the one figure the landing page, the pricing
 * page and a new account's allowance state (docs/billing.md). The server enforces its `plans` rows, which
 * billing-service's migration seeds with these numbers; GET /api/plans serves them as `monthlyApiCalls`.
 */
export function planMonthlyApiCalls(id: PlanId): number | null {
  const plan = PRICING_PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`No plan ${id}`);
  return plan.aiResponsesPerMonth;
}
