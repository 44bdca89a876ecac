import { OptionalQueryFlag } from '../../validation/choice-fields';

/**
 * `includeTest=false` hides test data (simulated customers, their messages and leads) from a list or the
 * stats; absent or `true` includes it: spec 000 §7 refreshes the stats after a simulated message.
 */
export function IncludeTestFlag(): PropertyDecorator {
  return OptionalQueryFlag('Include test');
}

/** GET /api/stats. */
export class StatsQueryDto {
  @IncludeTestFlag()
  includeTest?: boolean;
}
