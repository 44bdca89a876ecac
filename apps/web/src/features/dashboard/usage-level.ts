import type { UsageResponse } from '@parley/contracts';

export type UsageColor = 'green' | 'yellow' | 'red';

/** Spec 001 §4 and §9: the bar is green below 80 %, yellow from 80 %, red from 90 %. */
export function usageColor(percentage: number): UsageColor {
  if (percentage >= 90) return 'red';
  if (percentage >= 80) return 'yellow';
  return 'green';
}

/** Spec 001 §4: refill options appear from 80 % or with any warning. */
export function showsRefillOptions(usage: Pick<UsageResponse, 'percentage' | 'warningLevel'>): boolean {
  return usage.percentage >= 80 || usage.warningLevel > 0;
}
