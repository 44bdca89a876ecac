import type { PlanId } from '@parley/contracts';

/** Where a plan button leads (spec 000 §2, spec 001 §2). */
export function checkoutPath(plan: PlanId): string {
  return `/checkout?package=${plan}`;
}

/** Whom Contact Sales writes to, set per deployment with VITE_SALES_EMAIL. */
export const DEFAULT_SALES_EMAIL = 'sales@parley.example';

export const SALES_EMAIL: string = import.meta.env.VITE_SALES_EMAIL || DEFAULT_SALES_EMAIL;

export function salesMailto(subject: string): string {
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}`;
}
