import { Injectable } from '@nestjs/common';
import type { StatsResponse } from '@parley/contracts';
import { type StatsCounts, StatsQueries } from './stats.queries';

/**
 * The dashboard's figures: new leads are those still `new`; the conversion rate is the share of
 * customers at `converted`, in percent with one decimal (0 without customers); the average response
 * time is in seconds with one decimal (0 before any answer); needsHumanCount as the queries count it.
 */
export function toStats(counts: StatsCounts): StatsResponse {
  return {
    totalMessages: counts.totalMessages,
    newLeads: counts.openLeads,
    conversionRate:
      counts.customers === 0 ? 0 : Math.round((counts.converted / counts.customers) * 1000) / 10,
    avgResponseTime: counts.avgResponseSeconds === null ? 0 : Math.round(counts.avgResponseSeconds * 10) / 10,
    needsHumanCount: counts.needsHuman,
  };
}

/** A lead not yet worked on (leads.status; leads_open_per_customer_idx keeps one per customer). */
export const OPEN_LEAD_STATUS = 'new';

/** Dashboard figures, computed from the owner's rows. */
@Injectable()
export class StatsService {
  constructor(private readonly queries: StatsQueries) {}

  async get(ownerId: string): Promise<StatsResponse> {
    return toStats(
      await this.queries.counts(ownerId, { openLeadStatus: OPEN_LEAD_STATUS, convertedStage: 'converted' }),
    );
  }
}
