import type { PackageId } from '../../enums/packages';
import type { UsageWarningLevel } from './usage';

/** GET /api/usage (built by `usageSummary`). `limit` and `remaining` are null on an unlimited package. */
export interface UsageResponse {
  used: number;
  limit: number | null;
  remaining: number | null;
  /** 0–100, one decimal. */
  percentage: number;
  warningLevel: UsageWarningLevel;
  currentPackage: PackageId;
}
