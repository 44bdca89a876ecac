import { type PackageId, usageSummary, type UsageResponse } from '@parley/contracts';
import type { Meter } from './usage.queries';

/** The refill calls not used yet: plan calls are used first, so what is left of the limit is refill first. */
export function unusedRefillCalls(meter: Meter): number {
  if (meter.apiCallsLimit === null) return meter.refillCalls;
  return Math.min(meter.refillCalls, Math.max(0, meter.apiCallsLimit - meter.apiCallsUsed));
}

/** What callers see of a meter. */
export function toUsageResponse(meter: Meter): UsageResponse {
  return {
    ...usageSummary(meter.apiCallsUsed, meter.apiCallsLimit, meter.currentPackage as PackageId),
    periodStart: meter.periodStart.toISOString(),
    periodEnd: meter.periodEnd?.toISOString() ?? null,
    refillCalls: unusedRefillCalls(meter),
  };
}
