import type { PackageId } from '../../enums/packages';
import type { UsageWarningLevel } from './usage';

/** The meter as `usageSummary` words it. `limit` and `remaining` are null on an unlimited package. */
export interface UsageSummary {
  used: number;
  limit: number | null;
  remaining: number | null;
  /** 0–100, one decimal. */
  percentage: number;
  warningLevel: UsageWarningLevel;
  currentPackage: PackageId;
}

/** The owner's current period: `limit` is the plan's calls plus the refill calls carried into it. */
export interface UsagePeriod {
  /** ISO timestamp. */
  periodStart: string;
  /** ISO timestamp; null: the period has no end (an unlimited plan). */
  periodEnd: string | null;
  /** Refill calls not used yet; they carry over into the next period. */
  refillCalls: number;
}

/** GET /api/usage. */
export type UsageResponse = UsageSummary & UsagePeriod;
