import { type ReportFigures, responseTimeStepEnd, type ResponseTimeFigure } from '@parley/contracts';
import type { ReportCounts, ReportPercentiles } from './reports.queries';

/** Counters of a period with nothing in it. */
export function emptyCounts(key: string): ReportCounts {
  return {
    key,
    conversationsStarted: 0,
    conversationsUnanswered: 0,
    conversationsHandedOff: 0,
    conversationsAiResolved: 0,
    messagesIn: 0,
    messagesOutAi: 0,
    messagesOutPerson: 0,
    messagesOutAway: 0,
    leadsOpened: 0,
    leadsValue: 0,
    reached: [0, 0, 0, 0, 0],
  };
}

/** part / whole in percent with one decimal; null when whole is 0 (no conversation: no rate). */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

function responseTime(found: ReportPercentiles | undefined): ResponseTimeFigure {
  if (!found || found.count === 0) return { count: 0, median: null, p90: null };
  return {
    count: found.count,
    median: responseTimeStepEnd(found.p50Step),
    p90: responseTimeStepEnd(found.p90Step),
  };
}

/** Percentiles by `key/kind`, so a time series of 400 periods finds each in one step. */
export type PercentileIndex = Map<string, ReportPercentiles>;

export function indexPercentiles(percentiles: ReportPercentiles[]): PercentileIndex {
  return new Map(percentiles.map((p) => [`${p.key}/${p.kind}`, p]));
}

/** The figures of one period from its counters and its response-time percentiles (docs/reports.md). */
export function toFigures(counts: ReportCounts, percentiles: PercentileIndex): ReportFigures {
  const of = (kind: ReportPercentiles['kind']) => responseTime(percentiles.get(`${counts.key}/${kind}`));
  return {
    conversationsStarted: counts.conversationsStarted,
    messagesIn: counts.messagesIn,
    messagesOut: counts.messagesOutAi + counts.messagesOutPerson + counts.messagesOutAway,
    messagesOutAi: counts.messagesOutAi,
    messagesOutPerson: counts.messagesOutPerson,
    messagesOutAway: counts.messagesOutAway,
    unansweredConversations: counts.conversationsUnanswered,
    handedOffConversations: counts.conversationsHandedOff,
    aiResolvedConversations: counts.conversationsAiResolved,
    aiResolutionRate: percentOf(counts.conversationsAiResolved, counts.conversationsStarted),
    handoffRate: percentOf(counts.conversationsHandedOff, counts.conversationsStarted),
    leadsOpened: counts.leadsOpened,
    leadsValue: Math.round(counts.leadsValue * 100) / 100,
    convertedCustomers: counts.reached[4],
    firstResponseTime: { ai: of('first_ai'), person: of('first_person') },
    responseTime: { ai: of('reply_ai'), person: of('reply_person') },
    aiCalls: counts.messagesOutAi,
  };
}
