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

/**
 * The external hosted payment page of each plan bought by payment link (spec 001 §9), set per deployment
 * with VITE_PAYMENT_LINK_BASIC and VITE_PAYMENT_LINK_PRO.
 */
const PAYMENT_LINKS: Partial<Record<PlanId, string | undefined>> = {
  basic: import.meta.env.VITE_PAYMENT_LINK_BASIC,
  pro: import.meta.env.VITE_PAYMENT_LINK_PRO,
};

/** The plan's payment page; null when none is configured (or the setting is not a web address). */
export function paymentLinkOf(plan: PlanId): string | null {
  const link = PAYMENT_LINKS[plan];
  return link !== undefined && isWebAddress(link) ? link : null;
}

function isWebAddress(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
