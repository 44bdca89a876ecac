import type { CustomerStage } from '../customers/customer-stages';
import type { ReportGranularity } from './report-rules';

/**
 * A response-time figure (docs/reports.md, "Response times"): how many times were measured, and the median and
 * 90th percentile in seconds, each the upper end of its step of RESPONSE_TIME_SCALE; null when none was.
 */
export interface ResponseTimeFigure {
  count: number;
  median: number | null;
  p90: number | null;
}

/** The figures of one period (a whole range, a day, a week, or one channel's), each defined in docs/reports.md. */
export interface ReportFigures {
  conversationsStarted: number;
  messagesIn: number;
  /** Every outgoing message: the AI's, people's and the away message. */
  messagesOut: number;
  messagesOutAi: number;
  messagesOutPerson: number;
  messagesOutAway: number;
  unansweredConversations: number;
  handedOffConversations: number;
  aiResolvedConversations: number;
  /** aiResolvedConversations / conversationsStarted, percent with one decimal; null without conversations. */
  aiResolutionRate: number | null;
  /** handedOffConversations / conversationsStarted, percent with one decimal; null without conversations. */
  handoffRate: number | null;
  leadsOpened: number;
  /** The sum of those leads' values, in the business's currency. */
  leadsValue: number;
  convertedCustomers: number;
  firstResponseTime: { ai: ResponseTimeFigure; person: ResponseTimeFigure };
  responseTime: { ai: ResponseTimeFigure; person: ResponseTimeFigure };
  /** AI replies stored in the period: one API call each. */
  aiCalls: number;
}

/** What every report says about its range. */
export interface ReportRange {
  from: string;
  to: string;
  /** The period of the same length just before: the comparison. */
  previousFrom: string;
  previousTo: string;
  /** The IANA zone the days are the owner's in (UTC until the owner sets one). */
  timeZone: string;
  platform: string | null;
  includeTest: boolean;
}

/** The owner's current plan period, from billing (null when billing did not answer). */
export interface ReportPlanUsage {
  used: number;
  /** Null on an unlimited plan. */
  limit: number | null;
  periodStart: string;
  periodEnd: string | null;
}

/** GET /api/reports/overview. */
export interface ReportOverviewResponse extends ReportRange {
  current: ReportFigures;
  previous: ReportFigures;
  plan: ReportPlanUsage | null;
}

/** One period of a time series: its first day (a week starts on Monday, or at `from`). */
export interface ReportPeriod extends ReportFigures {
  start: string;
}

/** GET /api/reports/timeseries: every period of the range, in order, empty ones included (zeros). */
export interface ReportTimeseriesResponse extends ReportRange {
  granularity: ReportGranularity;
  periods: ReportPeriod[];
}

/** One stage of the funnel. */
export interface ReportFunnelStage {
  stage: CustomerStage;
  /** Customers who first reached this stage or a later one in the range. */
  reached: number;
  previousReached: number;
  /** reached of the next stage / reached of this one, percent with one decimal; null for the last stage or 0. */
  conversionToNext: number | null;
}

/** GET /api/reports/funnel: the five stages in order. */
export interface ReportFunnelResponse extends ReportRange {
  stages: ReportFunnelStage[];
}

/** One channel's figures. */
export interface ReportChannel extends ReportFigures {
  platform: string;
}

/** GET /api/reports/channels: every channel with something in the range, busiest first. */
export interface ReportChannelsResponse extends ReportRange {
  channels: ReportChannel[];
}

/** messaging.reports.export: the CSV file's name and text (UTF-8, with its BOM). */
export interface ReportExport {
  fileName: string;
  csv: string;
}
