import { Alert, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useTestDataFilter } from '../../../shared/hooks/use-show-test-data';
import { useGetAiConfigQuery } from '../../ai-config/api';
import { useLanguage } from '../../language';
import {
  type ReportFilters,
  reportExportUrl,
  useGetReportChannelsQuery,
  useGetReportFunnelQuery,
  useGetReportOverviewQuery,
  useGetReportTimeseriesQuery,
} from '../api';
import { ChannelTable } from '../components/ChannelTable';
import { FunnelChart } from '../components/FunnelChart';
import { OverviewCards } from '../components/OverviewCards';
import { type ReportChoice, ReportFilterBar } from '../components/ReportFilterBar';
import { TimeseriesChart } from '../components/TimeseriesChart';
import { DEFAULT_RANGE_DAYS, formatCalendarDate, lastDays, localToday, reportLinkOf } from '../report-format';

/**
 * The reports (issue 34 point 5; the figures are defined in docs/reports.md): the range's figures against the
 * previous period, messages and conversations over time, the stage funnel and each channel, and the series as
 * a CSV file. An address may choose the range and channel to open with (`?from=&to=&platform=`, as the
 * dashboard's cards link here); otherwise the last 30 days on every channel.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [today] = useState(localToday);
  const [searchParams] = useSearchParams();
  const [choice, setChoice] = useState<ReportChoice>(() => {
    const link = reportLinkOf(searchParams);
    return {
      ...(link.range ?? lastDays(DEFAULT_RANGE_DAYS, today)),
      granularity: 'day',
      platform: link.platform ?? 'all',
    };
  });
  const testData = useTestDataFilter();
  const range: ReportFilters = {
    from: choice.from,
    to: choice.to,
    ...(choice.platform === 'all' ? {} : { platform: choice.platform }),
    ...testData,
  };
  const series: ReportFilters = { ...range, granularity: choice.granularity };
  const overview = useGetReportOverviewQuery(range);
  const timeseries = useGetReportTimeseriesQuery(series);
  const funnel = useGetReportFunnelQuery(range);
  const channels = useGetReportChannelsQuery(range);
  const { data: config } = useGetAiConfigQuery();
  const failed = [overview, timeseries, funnel, channels].some((query) => query.isError);

  return (
    <Flex vertical gap="middle">
      <PageIntro name="reports" />
      <ReportFilterBar
        choice={choice}
        today={today}
        exportUrl={reportExportUrl(series)}
        onChange={setChoice}
      />
      {overview.data && (
        <Typography.Text type="secondary" data-testid="report-comparison">
          {t('reports.comparedWith', {
            from: formatCalendarDate(overview.data.previousFrom, language),
            to: formatCalendarDate(overview.data.previousTo, language),
            timeZone: overview.data.timeZone,
          })}
        </Typography.Text>
      )}
      {failed && <Alert type="error" showIcon data-testid="report-error" message={t('reports.failed')} />}
      <OverviewCards
        overview={overview.data}
        currency={config?.currency}
        loading={overview.isFetching || !overview.data}
      />
      <TimeseriesChart
        periods={timeseries.data?.periods ?? []}
        granularity={choice.granularity}
        loading={timeseries.isFetching || !timeseries.data}
      />
      <FunnelChart stages={funnel.data?.stages ?? []} loading={funnel.isFetching || !funnel.data} />
      <ChannelTable
        channels={channels.data?.channels ?? []}
        loading={channels.isFetching || !channels.data}
      />
    </Flex>
  );
}
