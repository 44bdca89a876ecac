import type { ReportFunnelStage } from '@parley/contracts';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from 'react-i18next';
import { formatCount, formatPercent } from '../../../shared/format/stat-format';
import { ChartFrame, ChartTable } from './ChartFrame';
import { useChartLook } from './chart-axes';

/**
 * The stage funnel: customers who first reached each stage (or a later one) in the range, as bars from new to
 * converted; the table beside it also gives the conversion to the next stage.
 */
export function FunnelChart({ stages, loading }: { stages: ReportFunnelStage[]; loading: boolean }) {
  const { t } = useTranslation();
  const look = useChartLook();
  const data = stages.map((stage) => ({ ...stage, label: t(`customers.stages.${stage.stage}`) }));
  const reachedName = t('reports.funnel.reached');

  return (
    <ChartFrame
      testId="report-funnel"
      title={t('reports.funnel.title')}
      loading={loading}
      empty={!loading && stages.every((stage) => stage.reached === 0) ? t('reports.empty.funnel') : undefined}
      chart={
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 280 }}>
          <BarChart data={data} margin={{ top: 24, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke={look.grid} vertical={false} />
            <XAxis dataKey="label" reversed={look.rtl} interval={0} tick={look.tick} tickLine={false} />
            <YAxis {...look.yAxis} tick={look.tick} tickLine={false} axisLine={false} />
            <Tooltip
              {...look.tooltip}
              cursor={{ fill: look.grid }}
              formatter={(value) => formatCount(Number(value), look.language)}
            />
            <Bar
              dataKey="reached"
              name={reachedName}
              fill={look.colors[0]}
              isAnimationActive={false}
              maxBarSize={56}
            >
              <LabelList
                dataKey="reached"
                position="top"
                style={look.tick}
                formatter={(value) => formatCount(Number(value), look.language)}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      alternative={
        <ChartTable
          testId="report-funnel-table"
          caption={t('reports.funnel.title')}
          headers={[t('reports.funnel.stage'), reachedName, t('reports.funnel.conversionToNext')]}
          rows={data.map((point) => [
            point.label,
            formatCount(point.reached, look.language),
            point.conversionToNext === null ? '—' : formatPercent(point.conversionToNext, look.language),
          ])}
        />
      }
    />
  );
}
