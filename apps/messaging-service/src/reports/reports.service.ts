import { Injectable, Logger } from '@nestjs/common';
import {
  addDays,
  CUSTOMER_STAGES,
  daysInRange,
  type ReportChannelsResponse,
  type ReportExport,
  type ReportFunnelResponse,
  type ReportOverviewResponse,
  type ReportPeriod,
  type ReportPlanUsage,
  type ReportQueryDto,
  type ReportRange,
  type ReportTimeseriesResponse,
  USAGE_SUBJECTS,
  type UsageResponse,
  workspaceActor,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { emptyCounts, indexPercentiles, percentOf, toFigures } from './report-figures';
import { reportCsv } from './reports.csv';
import { type ReportFilter, ReportsQueries } from './reports.queries';

/** A report's request once read: the range, the one before it, and which rows. */
interface ReportScope {
  filter: ReportFilter;
  range: ReportRange;
}

/** The Monday of the week of `date` (ISO weeks), or `from` when that is later. */
function weekStart(date: string, from: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const monday = addDays(date, -((weekday + 6) % 7));
  return monday < from ? from : monday;
}

/** The first day of every period of from..to, in order. */
export function periodStarts(from: string, to: string, granularity: 'day' | 'week'): string[] {
  const starts: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const start = granularity === 'day' ? day : weekStart(day, from);
    if (starts[starts.length - 1] !== start) starts.push(start);
  }
  return starts;
}

/**
 * The reports (docs/reports.md): the rollups read for a range and the one before it. Every answer first folds
 * what the owner changed since the last fold, so a report counts everything stored before it was asked.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    private readonly queries: ReportsQueries,
    private readonly services: ServiceClient,
  ) {}

  async overview(ownerId: string, query: ReportQueryDto): Promise<ReportOverviewResponse> {
    const { filter, range } = await this.scope(ownerId, query);
    const grouping = { by: 'split', at: range.from } as const;
    const [counts, percentiles, plan] = await Promise.all([
      this.queries.counts(filter, range.previousFrom, range.to, grouping),
      this.queries.percentiles(filter, range.previousFrom, range.to, grouping),
      this.plan(ownerId),
    ]);
    const index = indexPercentiles(percentiles);
    const of = (key: string) => toFigures(counts.find((c) => c.key === key) ?? emptyCounts(key), index);
    return { ...range, current: of('current'), previous: of('previous'), plan };
  }

  async timeseries(ownerId: string, query: ReportQueryDto): Promise<ReportTimeseriesResponse> {
    const { filter, range } = await this.scope(ownerId, query);
    const granularity = query.granularity ?? 'day';
    const grouping =
      granularity === 'day' ? ({ by: 'day' } as const) : ({ by: 'week', from: range.from } as const);
    const [counts, percentiles] = await Promise.all([
      this.queries.counts(filter, range.from, range.to, grouping),
      this.queries.percentiles(filter, range.from, range.to, grouping),
    ]);
    const byKey = new Map(counts.map((c) => [c.key, c]));
    const index = indexPercentiles(percentiles);
    const periods: ReportPeriod[] = periodStarts(range.from, range.to, granularity).map((start) => ({
      start,
      ...toFigures(byKey.get(start) ?? emptyCounts(start), index),
    }));
    return { ...range, granularity, periods };
  }

  async funnel(ownerId: string, query: ReportQueryDto): Promise<ReportFunnelResponse> {
    const { filter, range } = await this.scope(ownerId, query);
    const counts = await this.queries.counts(filter, range.previousFrom, range.to, {
      by: 'split',
      at: range.from,
    });
    const current = counts.find((c) => c.key === 'current') ?? emptyCounts('current');
    const previous = counts.find((c) => c.key === 'previous') ?? emptyCounts('previous');
    return {
      ...range,
      stages: CUSTOMER_STAGES.map((stage, i) => ({
        stage,
        reached: current.reached[i],
        previousReached: previous.reached[i],
        conversionToNext:
          i + 1 < CUSTOMER_STAGES.length ? percentOf(current.reached[i + 1], current.reached[i]) : null,
      })),
    };
  }

  async channels(ownerId: string, query: ReportQueryDto): Promise<ReportChannelsResponse> {
    const { filter, range } = await this.scope(ownerId, query);
    const grouping = { by: 'platform' } as const;
    const [counts, percentiles] = await Promise.all([
      this.queries.counts(filter, range.from, range.to, grouping),
      this.queries.percentiles(filter, range.from, range.to, grouping),
    ]);
    const index = indexPercentiles(percentiles);
    const channels = counts
      .map((c) => ({ platform: c.key, ...toFigures(c, index) }))
      .sort(
        (a, b) =>
          b.messagesIn + b.messagesOut - (a.messagesIn + a.messagesOut) ||
          a.platform.localeCompare(b.platform),
      );
    return { ...range, channels };
  }

  async export(ownerId: string, query: ReportQueryDto): Promise<ReportExport> {
    const series = await this.timeseries(ownerId, query);
    const channel = series.platform ? `-${series.platform}` : '';
    return {
      fileName: `parley-report-${series.from}-to-${series.to}-${series.granularity}${channel}.csv`,
      csv: reportCsv(series.periods),
    };
  }

  /** Folds the owner's changes, then reads the range, the one before it (same length) and the time zone. */
  private async scope(ownerId: string, query: ReportQueryDto): Promise<ReportScope> {
    await this.queries.fold(ownerId);
    const length = daysInRange(query.from, query.to);
    const timeZone = await this.queries.timeZone(ownerId);
    const includeTest = query.includeTest !== false;
    const platform = query.platform ?? null;
    return {
      filter: { ownerId, platform, includeTest },
      range: {
        from: query.from,
        to: query.to,
        previousFrom: addDays(query.from, -length),
        previousTo: addDays(query.from, -1),
        timeZone,
        platform,
        includeTest,
      },
    };
  }

  /** The owner's plan period from billing; null when billing does not answer (the report is still answered). */
  private async plan(ownerId: string): Promise<ReportPlanUsage | null> {
    try {
      const usage = await this.services.send<UsageResponse>(
        USAGE_SUBJECTS.get,
        {},
        { actor: workspaceActor(ownerId) },
      );
      return {
        used: usage.used,
        limit: usage.limit,
        periodStart: usage.periodStart,
        periodEnd: usage.periodEnd,
      };
    } catch (error) {
      this.logger.warn(`no plan usage for the report: ${String(error)}`);
      return null;
    }
  }
}
