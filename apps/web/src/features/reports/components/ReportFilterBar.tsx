import { DownloadOutlined } from '@ant-design/icons';
import {
  CUSTOMER_PLATFORMS,
  type CustomerPlatform,
  daysInRange,
  REPORT_GRANULARITIES,
  REPORT_MAX_DAYS,
  type ReportGranularity,
} from '@parley/contracts';
import { Button, DatePicker, Flex, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../shared/components/FilterSelect';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { lastDays, RANGE_PRESETS } from '../report-format';

const DATE = 'YYYY-MM-DD';

export interface ReportChoice {
  from: string;
  to: string;
  granularity: ReportGranularity;
  platform: CustomerPlatform | 'all';
}

/** The report's range (with the 7, 30 and 90 days presets), day or week, the channel, and the CSV download. */
export function ReportFilterBar({
  choice,
  today,
  exportUrl,
  onChange,
}: {
  choice: ReportChoice;
  today: string;
  exportUrl: string;
  onChange: (choice: ReportChoice) => void;
}) {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const presets = RANGE_PRESETS.map((days) => {
    const { from, to } = lastDays(days, today);
    return {
      label: t('reports.range.lastDays', { count: days }),
      value: [dayjs(from), dayjs(to)] as [Dayjs, Dayjs],
    };
  });

  return (
    <Flex wrap gap="small" align="center" data-testid="report-filters">
      <DatePicker.RangePicker
        data-testid="report-range"
        aria-label={t('reports.range.label')}
        allowClear={false}
        value={[dayjs(choice.from), dayjs(choice.to)]}
        presets={presets}
        // Up to today, at most the API's longest range.
        disabledDate={(date, { from }) =>
          date.format(DATE) > today ||
          (from !== undefined && daysInRange(from.format(DATE), date.format(DATE)) > REPORT_MAX_DAYS) ||
          (from !== undefined && daysInRange(date.format(DATE), from.format(DATE)) > REPORT_MAX_DAYS)
        }
        onChange={(range) => {
          if (range?.[0] && range[1]) {
            onChange({ ...choice, from: range[0].format(DATE), to: range[1].format(DATE) });
          }
        }}
      />
      <Segmented<ReportGranularity>
        data-testid="report-granularity"
        aria-label={t('reports.granularity.label')}
        value={choice.granularity}
        options={REPORT_GRANULARITIES.map((value) => ({ value, label: t(`reports.granularity.${value}`) }))}
        onChange={(granularity) => onChange({ ...choice, granularity })}
      />
      <FilterSelect<CustomerPlatform>
        testId="report-platform"
        label={t('reports.channels.filter')}
        allLabel={t('reports.channels.all')}
        value={choice.platform}
        values={CUSTOMER_PLATFORMS}
        labelOf={platformName}
        onChange={(platform) => onChange({ ...choice, platform })}
      />
      <Button data-testid="report-download" href={exportUrl} download icon={<DownloadOutlined />}>
        {t('reports.download')}
      </Button>
    </Flex>
  );
}
