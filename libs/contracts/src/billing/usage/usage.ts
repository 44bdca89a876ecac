import type { PackageId } from '../../enums/packages';
import type { UsageSummary } from './usage.response';

/**
 * The accounts column's default (spec 001 §3: apiCallsLimit 50). Billing replaces it when it creates an
 * account: a new account is on the Free plan with that plan's monthly calls from sign-up (docs/billing.md).
 */
export const DEFAULT_API_CALLS_LIMIT = 50;

/** 0 none, 1 at most 20 % remaining, 2 at most 10 % remaining, 3 exhausted. */
export const USAGE_WARNING_LEVELS = [0, 1, 2, 3] as const;

export type UsageWarningLevel = (typeof USAGE_WARNING_LEVELS)[number];

export const USAGE_WARNING_MESSAGES = {
  1: 'Warning: Only 20% of API calls remaining.',
  2: 'Critical: Only 10% of API calls remaining!',
  3: 'API limit reached! Service suspended until you purchase additional calls.',
} as const satisfies Record<Exclude<UsageWarningLevel, 0>, string>;

/** `limit` null means unlimited. Integer arithmetic, so the 20 % and 10 % boundaries are exact. */
export function usageWarningLevel(used: number, limit: number | null): UsageWarningLevel {
  if (limit === null) return 0;
  if (used >= limit) return 3;
  const remaining = limit - used;
  if (remaining * 10 <= limit) return 2;
  if (remaining * 5 <= limit) return 1;
  return 0;
}

/** The meter part of GET /api/usage. `percentage` is rounded down to one decimal, so it reads 100 only when exhausted. */
export function usageSummary(used: number, limit: number | null, currentPackage: PackageId): UsageSummary {
  const warningLevel = usageWarningLevel(used, limit);
  if (limit === null) return { used, limit, remaining: null, percentage: 0, warningLevel, currentPackage };
  const percentage = limit > 0 ? Math.min(100, Math.floor((used * 1000) / limit) / 10) : 100;
  return { used, limit, remaining: Math.max(0, limit - used), percentage, warningLevel, currentPackage };
}
