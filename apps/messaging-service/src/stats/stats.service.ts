import { Injectable } from '@nestjs/common';
import { NEW_LEADS_PERIOD_DAYS, type StatsQueryDto, type StatsResponse } from '@parley/contracts';
import { type StatsCounts, StatsQueries } from './stats.queries';

/**
 * The dashboard's figures (docs/inbox.md, "Dashboard figures"): new leads are those opened in the last
 * NEW_LEADS_PERIOD_DAYS days; the conversion rate is the share of customers with a lead who are at
 * `converted`, in percent with one decimal (0 with no lead); the average response time is in seconds
 * with one decimal (0 before any answer); needsHumanCount as the queries count it.
 */
export function toStats(counts: StatsCounts): StatsResponse {
  return {
    totalMessages: counts.totalMessages,
    newLeads: counts.newLeads,
    conversionRate:
      counts.withLead === 0 ? 0 : Math.round((counts.convertedWithLead / counts.withLead) * 1000) / 10,
    avgResponseTime: counts.avgResponseSeconds === null ? 0 : Math.round(counts.avgResponseSeconds * 10) / 10,
    needsHumanCount: counts.needsHuman,
  };
}

/** Dashboard figures, computed from the owner's rows. */
@Injectable()
export class StatsService {
  constructor(private readonly queries: StatsQueries) {}

  /** With the test data unless `includeTest` is false (StatsQueryDto). */
  async get(ownerId: string, query: StatsQueryDto): Promise<StatsResponse> {
    return toStats(
      await this.queries.counts(ownerId, {
        newLeadsDays: NEW_LEADS_PERIOD_DAYS,
        convertedStage: 'converted',
        includeTest: query.includeTest !== false,
      }),
    );
  }
}
