import type { ReportOverviewResponse } from '@parley/contracts';
import { useGetAiConfigQuery } from '../ai-config/api';
import {
  type Change,
  changeOf,
  lastDays,
  type ReportLink,
  todayIn,
  useGetReportOverviewQuery,
} from '../reports';
import { useNow } from '../../shared/hooks/use-now';
import { useTestDataFilter } from '../../shared/hooks/use-show-test-data';
import { useCan } from '../team';

/** The dashboard's figures cover the owner's last 30 days (today included), against the 30 before. */
export const DASHBOARD_RANGE_DAYS = 30;

/** The reports overview is asked again when the dashboard opens and its answer is older than this (seconds). */
const OVERVIEW_FRESH_SECONDS = 60;

/** What the cards read from GET /api/reports/overview, and the range they link to. */
export interface DashboardOverview {
  data: ReportOverviewResponse | undefined;
  loading: boolean;
  failed: boolean;
  link: ReportLink;
  /** The member may read the reports (owners and admins): otherwise nothing is asked and nothing links there. */
  allowed: boolean;
}

/**
 * The reports overview of the owner's last 30 days in their time zone (the AI configuration's, UTC until one is
 * set: the days the server counts), with the test-data switch. It waits for the configuration to know the zone.
 * Not refetched on every realtime event: each ask folds the owner's rollups (docs/reports.md), so it is asked
 * when the dashboard opens (at most once a minute) and when the owner's day changes.
 */
export function useDashboardOverview(): DashboardOverview {
  const aiConfig = useGetAiConfigQuery();
  const testData = useTestDataFilter();
  const now = useNow();
  const allowed = useCan()('viewReports');
  const settled = !aiConfig.isLoading;
  const link = lastDays(DASHBOARD_RANGE_DAYS, todayIn(aiConfig.data?.timeZone ?? 'UTC', new Date(now)));
  const overview = useGetReportOverviewQuery(
    { ...link, ...testData },
    { skip: !settled || !allowed, refetchOnMountOrArgChange: OVERVIEW_FRESH_SECONDS },
  );
  return {
    data: overview.data,
    loading: allowed && (!settled || overview.isLoading),
    failed: overview.isError,
    link,
    allowed,
  };
}

/** A card's change against the previous period; `new` when there was nothing before to compare with. */
export type CardChange = Change | { kind: 'new' };

/**
 * As the reports measure a change (docs/reports.md), except that a figure with nothing in the period before (0 of
 * a count or time, or not measured) and something now is `new` rather than "nothing to compare with".
 */
export function cardChange(
  current: number | null,
  previous: number | null,
  unit: 'percent' | 'points',
  better: 'up' | 'down' | null,
): CardChange {
  const nothingBefore = previous === null || (unit === 'percent' && previous === 0);
  if (current !== null && current !== 0 && nothingBefore) return { kind: 'new' };
  return changeOf(current, previous, unit, better);
}
