import { ThunderboltOutlined } from '@ant-design/icons';
import type { UsageResponse, UsageWarningLevel } from '@parley/contracts';
import { Alert, Card, Flex, Progress, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useApiCallsText } from '../../../shared/hooks/use-api-calls-text';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useLanguage } from '../../language';
import { formatCount } from '../../../shared/format/stat-format';
import { type UsageColor, usageColor } from '../usage-level';
import { useCan } from '../../team';

/** Spec 001 §4: the text of each warning level (the English texts are `USAGE_WARNING_MESSAGES`). */
const WARNING_KEYS = {
  1: 'dashboard.usage.warnings.level1',
  2: 'dashboard.usage.warnings.level2',
  3: 'dashboard.usage.warnings.level3',
} as const satisfies Record<Exclude<UsageWarningLevel, 0>, string>;

const BAR_COLORS: Record<UsageColor, string> = { green: '#52c41a', yellow: '#faad14', red: '#ff4d4f' };

interface UsageCardProps {
  usage: UsageResponse | undefined;
  loading: boolean;
}

/**
 * API Usage (spec 001 §2 and §4): the bar, the warning of the level, when the allowance renews, the refill
 * calls carried over and the upgrade link on Free. The refill options are the Refill API Calls card beside it.
 * `data-used` and `data-limit` let a browser journey read the numbers without parsing the text.
 */
export function UsageCard({ usage, loading }: UsageCardProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const dateText = useDateText();
  const apiCalls = useApiCallsText();
  // Plans and purchases are the owner's (docs/teams.md): the others see the figures only.
  const billing = useCan()('manageBilling');

  return (
    <Card
      title={
        <Flex gap="small" align="center">
          <ThunderboltOutlined aria-hidden />
          {t('dashboard.usage.title')}
        </Flex>
      }
      data-testid="usage-card"
      data-used={usage?.used}
      data-limit={usage ? (usage.limit ?? 'unlimited') : undefined}
      style={{ height: '100%' }}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : !usage ? (
        <Alert type="error" showIcon title={t('dashboard.usage.loadFailed')} />
      ) : (
        <Flex vertical gap="middle">
          {usage.limit === null ? (
            <Typography.Text data-testid="usage-text">
              {t('dashboard.usage.unlimited', { count: usage.used })}
            </Typography.Text>
          ) : (
            <>
              <div data-testid="usage-progress" data-color={usageColor(usage.percentage)}>
                <Progress
                  percent={usage.percentage}
                  strokeColor={BAR_COLORS[usageColor(usage.percentage)]}
                  status="normal"
                  format={(percent) => `${percent ?? 0}%`}
                />
              </div>
              <Flex justify="space-between" wrap gap="small">
                <Typography.Text data-testid="usage-text">
                  {t('dashboard.usage.used', { used: formatCount(usage.used, language), count: usage.limit })}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {t('dashboard.usage.remaining', { remaining: formatCount(usage.remaining ?? 0, language) })}
                </Typography.Text>
              </Flex>
            </>
          )}
          {usage.warningLevel !== 0 && (
            <Alert
              data-testid="usage-warning"
              type={usage.warningLevel === 1 ? 'warning' : 'error'}
              showIcon
              title={t(WARNING_KEYS[usage.warningLevel])}
            />
          )}
          {(usage.periodEnd !== null || usage.refillCalls > 0) && (
            <Flex vertical gap={4}>
              {usage.periodEnd !== null && (
                <Typography.Text type="secondary" data-testid="usage-period-end">
                  {t('dashboard.usage.renewsOn', { date: dateText(usage.periodEnd) })}
                </Typography.Text>
              )}
              {usage.refillCalls > 0 && (
                <Typography.Text type="secondary" data-testid="usage-refill-calls">
                  {t('dashboard.usage.refillCalls', { count: usage.refillCalls })}
                </Typography.Text>
              )}
            </Flex>
          )}
          {usage.currentPackage === 'free' && (
            <Typography.Text type="secondary" data-testid="usage-free-plan">
              {t('dashboard.usage.freePlan', {
                allowance: apiCalls(usage.limit === null ? null : usage.limit - usage.refillCalls),
              })}{' '}
              {billing && (
                <Link to="/pricing" data-testid="usage-upgrade">
                  {t('dashboard.usage.upgrade')}
                </Link>
              )}
            </Typography.Text>
          )}
          {billing && (
            <Link to="/billing" data-testid="usage-billing-link">
              {t('dashboard.usage.billingLink')}
            </Link>
          )}
        </Flex>
      )}
    </Card>
  );
}
