import { LineChartOutlined } from '@ant-design/icons';
import { Alert, Card, Flex, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { formatCount, formatDuration, formatPercent } from '../../../shared/format/stat-format';
import { useLanguage } from '../../language';
import { reportsPath } from '../../reports';
import { cardChange, DASHBOARD_RANGE_DAYS, type DashboardOverview } from '../dashboard-overview';
import { CardChangeText } from './CardChangeText';

/**
 * The test-agent tab's side card: how the agent did with real customers over the owner's last 30 days, from the
 * reports overview (docs/reports.md): its median first reply and its resolution rate, each against the 30 days
 * before, and a link to the report. A new owner reads "No replies yet", not a zero that looks like speed. The
 * test chat's answers are not stored as messages, so they never count here.
 */
export function AgentStatsCard({ overview }: { overview: DashboardOverview }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const current = overview.data?.current;
  const previous = overview.data?.previous;
  const firstReply = current?.firstResponseTime.ai;
  const previousReply = previous?.firstResponseTime.ai;

  return (
    <Card
      data-testid="agent-stats"
      styles={{ title: { whiteSpace: 'normal' } }}
      title={
        <Flex gap="small" align="center">
          <LineChartOutlined aria-hidden />
          {t('dashboard.agentStats.title')}
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary" data-testid="agent-stats-basis">
          {t('dashboard.stats.lastDays', { count: DASHBOARD_RANGE_DAYS })}
        </Typography.Text>
        {overview.failed ? (
          <Alert
            type="warning"
            showIcon
            data-testid="agent-stats-failed"
            title={t('dashboard.agentStats.failed')}
          />
        ) : !current || !previous || !firstReply || !previousReply ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : (
          <>
            <div data-testid="agent-stats-reply-time">
              <Statistic
                title={t('dashboard.agentStats.replyTime')}
                value={firstReply.median ?? ''}
                valueRender={() => (
                  <span data-testid="agent-stats-reply-time-value">
                    {firstReply.median === null
                      ? t('dashboard.stats.noReplies')
                      : t('reports.figures.under', { time: formatDuration(firstReply.median, language) })}
                  </span>
                )}
              />
              {(firstReply.median !== null || previousReply.median !== null) && (
                <CardChangeText
                  change={cardChange(firstReply.median, previousReply.median, 'percent', 'down')}
                  testId="agent-stats-reply-time-change"
                />
              )}
            </div>
            <div data-testid="agent-stats-resolution">
              <Statistic
                title={t('dashboard.agentStats.resolutionRate')}
                value={current.aiResolutionRate ?? ''}
                valueRender={() => (
                  <span data-testid="agent-stats-resolution-value">
                    {current.aiResolutionRate === null
                      ? t('dashboard.agentStats.noConversations')
                      : formatPercent(current.aiResolutionRate, language)}
                  </span>
                )}
              />
              {current.aiResolutionRate !== null && (
                <Flex vertical gap={2}>
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12 }}
                    data-testid="agent-stats-resolution-basis"
                  >
                    {t('dashboard.agentStats.resolutionBasis', {
                      resolved: formatCount(current.aiResolvedConversations, language),
                      started: formatCount(current.conversationsStarted, language),
                    })}
                  </Typography.Text>
                  <CardChangeText
                    change={cardChange(current.aiResolutionRate, previous.aiResolutionRate, 'points', 'up')}
                    testId="agent-stats-resolution-change"
                  />
                </Flex>
              )}
            </div>
            {firstReply.count === 0 && current.conversationsStarted === 0 && (
              <Typography.Text type="secondary" data-testid="agent-stats-empty">
                {t('dashboard.agentStats.empty')}
              </Typography.Text>
            )}
          </>
        )}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('dashboard.agentStats.testNote')}
        </Typography.Text>
        <ButtonLink
          to={reportsPath(overview.link)}
          data-testid="agent-stats-report"
          style={{ alignSelf: 'start' }}
        >
          {t('dashboard.agentStats.report')}
        </ButtonLink>
      </Flex>
    </Card>
  );
}
