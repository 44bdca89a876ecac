import type {
  CustomerPlatform,
  ReportChannelsResponse,
  ReportFunnelResponse,
  ReportGranularity,
  ReportOverviewResponse,
  ReportTimeseriesResponse,
} from '@parley/contracts';
import { api } from '../../app/api';
import type { TestDataFilter } from '../../shared/hooks/use-show-test-data';

/**
 * The query every report takes (docs/reports.md, "API"): the owner's days `from` to `to`, both included, on one
 * channel or all. `granularity` only shapes the time series and its CSV file, so the other reports go without it
 * (a switch from days to weeks does not fetch them again).
 */
export interface ReportFilters extends TestDataFilter {
  from: string;
  to: string;
  granularity?: ReportGranularity;
  platform?: CustomerPlatform;
}

function params(filters: ReportFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

/** GET /api/reports/export.csv with the same query: a plain link, the browser sends the session cookie. */
export function reportExportUrl(filters: ReportFilters): string {
  return `/api/reports/export.csv?${new URLSearchParams(params(filters)).toString()}`;
}

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReportOverview: build.query<ReportOverviewResponse, ReportFilters>({
      query: (filters) => ({ url: '/reports/overview', params: params(filters) }),
    }),
    getReportTimeseries: build.query<ReportTimeseriesResponse, ReportFilters>({
      query: (filters) => ({ url: '/reports/timeseries', params: params(filters) }),
    }),
    getReportFunnel: build.query<ReportFunnelResponse, ReportFilters>({
      query: (filters) => ({ url: '/reports/funnel', params: params(filters) }),
    }),
    getReportChannels: build.query<ReportChannelsResponse, ReportFilters>({
      query: (filters) => ({ url: '/reports/channels', params: params(filters) }),
    }),
  }),
});

export const {
  useGetReportOverviewQuery,
  useGetReportTimeseriesQuery,
  useGetReportFunnelQuery,
  useGetReportChannelsQuery,
} = reportsApi;
