import { ClockCircleOutlined, MessageOutlined, RiseOutlined, UserAddOutlined } from '@ant-design/icons';
import type { StatsResponse } from '@parley/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../language';
import { formatCount, formatDuration, formatPercent } from '../stat-format';

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
  value: string;
  icon: ReactNode;
}

/** The overview's four numbers, from GET /api/stats. */
export function StatCards({ stats, loading }: { stats: StatsResponse; loading: boolean }) {
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
      value: formatCount(stats.newLeads, language),
      icon: <UserAddOutlined aria-hidden />,
    },
    {
      testId: 'stat-conversion-rate',
      title: t('dashboard.stats.conversionRate'),
      value: formatPercent(stats.conversionRate, language),
      icon: <RiseOutlined aria-hidden />,
    },
    {
      testId: 'stat-avg-response-time',
      title: t('dashboard.stats.avgResponseTime'),
      value: formatDuration(stats.avgResponseTime, language),
      icon: <ClockCircleOutlined aria-hidden />,
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.testId} xs={24} sm={12} xl={6}>
          <Card data-testid={card.testId}>
            <Statistic
              title={card.title}
              value={card.value}
              prefix={card.icon}
              loading={loading}
              valueRender={() => <span data-testid={`${card.testId}-value`}>{card.value}</span>}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
