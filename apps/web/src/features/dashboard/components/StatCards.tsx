import {
  ApiOutlined,
  ClockCircleOutlined,
  MessageOutlined,
  RiseOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { NEW_LEADS_PERIOD_DAYS, type StatsResponse } from '@parley/contracts';
import { Card, Flex, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { formatCount, formatDuration, formatPercent } from '../../../shared/format/stat-format';

/** Spec 001 §7: the stats read zero when they cannot be fetched. */
export const NO_STATS: StatsResponse = {
  totalMessages: 0,
  newLeads: 0,
  conversionRate: 0,
  avgResponseTime: 0,
  needsHumanCount: 0,
};

interface StatCard {
  testId: string;
  title: string;
  /** What the number counts over, under it, where the title alone does not say. */
  basis?: string;
  value: string;
  icon: ReactNode;
}

/** Active Platforms (spec 001 §2): active integrations out of all the owner connected. */
export interface PlatformCount {
  active: number;
  total: number;
}

/** The overview's numbers: four from GET /api/stats, and Active Platforms from the integrations. */
export function StatCards({
  stats,
  platforms,
  loading,
}: {
  stats: StatsResponse;
  platforms: PlatformCount;
  loading: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const cards: StatCard[] = [
    {
      testId: 'stat-total-messages',
      title: t('dashboard.stats.totalMessages'),
      value: formatCount(stats.totalMessages, language),
      icon: <MessageOutlined aria-hidden />,
    },
    {
      testId: 'stat-new-leads',
      title: t('dashboard.stats.newLeads'),
      basis: t('dashboard.stats.lastDays', { count: NEW_LEADS_PERIOD_DAYS }),
      value: formatCount(stats.newLeads, language),
      icon: <UserAddOutlined aria-hidden />,
    },
    {
      testId: 'stat-conversion-rate',
      title: t('dashboard.stats.conversionRate'),
      basis: t('dashboard.stats.conversionBasis'),
      value: formatPercent(stats.conversionRate, language),
      icon: <RiseOutlined aria-hidden />,
    },
    {
      testId: 'stat-avg-response-time',
      title: t('dashboard.stats.avgResponseTime'),
      value: formatDuration(stats.avgResponseTime, language),
      icon: <ClockCircleOutlined aria-hidden />,
    },
    {
      testId: 'stat-active-platforms',
      title: t('dashboard.stats.activePlatforms'),
      value: `${formatCount(platforms.active, language)}/${formatCount(platforms.total, language)}`,
      icon: <ApiOutlined aria-hidden />,
    },
  ];
  return (
    <Flex wrap gap="middle">
      {cards.map((card) => (
        <Card key={card.testId} data-testid={card.testId} style={{ flex: '1 1 150px' }}>
          <Statistic
            title={card.title}
            value={card.value}
            prefix={card.icon}
            loading={loading}
            valueRender={() => <span data-testid={`${card.testId}-value`}>{card.value}</span>}
          />
          {card.basis && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${card.testId}-basis`}>
              {card.basis}
            </Typography.Text>
          )}
        </Card>
      ))}
    </Flex>
  );
}
