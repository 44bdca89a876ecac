import { type PackageId, usageSummary, type UsageResponse } from '@parley/contracts';
import type { Meter } from './usage.queries';

/** What callers see of a meter. */
export function toUsageResponse(meter: Meter): UsageResponse {
  return usageSummary(meter.apiCallsUsed, meter.apiCallsLimit, meter.currentPackage as PackageId);
}
