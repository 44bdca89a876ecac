import type { ReportPeriod, ReportGranularity } from '@parley/contracts';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../shared/format/stat-format';
import { isQuietSeries, periodLabeller, tickInterval } from '../report-format';
import { ChartFrame, ChartTable } from './ChartFrame';
import { useChartLook } from './chart-axes';

const SERIES = ['messagesIn', 'messagesOut', 'conversationsStarted'] as const;

/** Messages in and out and conversations started, per day or week, as lines; a table for screen readers. */
export function TimeseriesChart({
  periods,
  granularity,
  loading,
}: {
  periods: ReportPeriod[];
  granularity: ReportGranularity;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const look = useChartLook();
  const withYear = new Set(periods.map((period) => period.start.slice(0, 4))).size > 1;
  const label = periodLabeller(look.language, withYear);
  const data = periods.map((period) => ({ ...period, label: label(period.start) }));
  const names = SERIES.map((key) => t(`reports.figures.${key}`));
  const periodHeader = t(`reports.granularity.${granularity}Header`);

  return (
    <ChartFrame
      testId="report-timeseries"
      title={t('reports.timeseries.title')}
      loading={loading}
      empty={!loading && isQuietSeries(periods) ? t('reports.empty.conversations') : undefined}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 280 }}>
          <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke={look.grid} vertical={false} />
            <XAxis
              dataKey="label"
              reversed={look.rtl}
              interval={tickInterval(data.length, look.narrow)}
              tick={look.tick}
              tickLine={false}
            />
            <YAxis {...look.yAxis} tick={look.tick} tickLine={false} axisLine={false} />
            <Tooltip {...look.tooltip} formatter={(value) => formatCount(Number(value), look.language)} />
            <Legend wrapperStyle={{ fontSize: look.tick.fontSize }} />
            {SERIES.map((key, index) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={names[index]}
                stroke={look.colors[index]}
                strokeWidth={2}
                dot={data.length <= 14}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      }
      alternative={
        <ChartTable
          testId="report-timeseries-table"
          caption={t('reports.timeseries.title')}
          headers={[periodHeader, ...names]}
          rows={data.map((point) => [
            point.label,
            ...SERIES.map((key) => formatCount(point[key], look.language)),
          ])}
        />
      }
    />
  );
}
