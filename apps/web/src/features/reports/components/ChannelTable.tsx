import type { ReportChannel } from '@parley/contracts';
import { Card, Flex, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { formatCount, formatPercent } from '../../../shared/format/stat-format';
import { useLanguage } from '../../language';

type Column =
  | 'conversationsStarted'
  | 'messagesIn'
  | 'messagesOut'
  | 'aiResolutionRate'
  | 'handoffRate'
  | 'leadsOpened'
  | 'convertedCustomers';

const COLUMNS: Column[] = [
  'conversationsStarted',
  'messagesIn',
  'messagesOut',
  'aiResolutionRate',
  'handoffRate',
  'leadsOpened',
  'convertedCustomers',
];

/** Each channel with something in the range, busiest first (as the server orders them). */
export function ChannelTable({ channels, loading }: { channels: ReportChannel[]; loading: boolean }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const platformName = usePlatformName();
  const cell = (column: Column, value: number | null) =>
    value === null
      ? '—'
      : column.endsWith('Rate')
        ? formatPercent(value, language)
        : formatCount(value, language);

  return (
    <Card title={t('reports.channels.title')} data-testid="report-channels" styles={{ body: { padding: 0 } }}>
      <Table<ReportChannel>
        rowKey="platform"
        size="small"
        loading={loading}
        dataSource={channels}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('reports.empty.conversations') }}
        columns={[
          {
            key: 'platform',
            title: t('reports.channels.channel'),
            fixed: 'start',
            render: (_, channel) => (
              <Flex gap={8} align="center">
                <span aria-hidden>
                  <PlatformIcon platform={channel.platform} size={24} />
                </span>
                <span data-testid="report-channel-name">{platformName(channel.platform)}</span>
              </Flex>
            ),
          },
          ...COLUMNS.map((column) => ({
            key: column,
            title: t(`reports.figures.${column}`),
            align: 'end' as const,
            render: (_: unknown, channel: ReportChannel) => cell(column, channel[column]),
          })),
        ]}
      />
    </Card>
  );
}
