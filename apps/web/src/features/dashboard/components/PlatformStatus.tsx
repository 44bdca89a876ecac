import type { ChannelHealthResponse, Platform } from '@parley/contracts';
import { Badge, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import {
  HealthBadge,
  HealthProblems,
  NoPlatformsNotice,
  ReconnectLink,
  ReconnectReason,
} from '../../integrations';
import { type ReportLink, reportsPath } from '../../reports';
import { useCan } from '../../team';

export const STATUS_PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'twitter', 'whatsapp'];

/**
 * Spec 001 §2: each channel, connected and monitoring (an active integration) or not connected; with none
 * at all, spec 001 §8's warning. An active one Meta refuses replies for (`reconnect`) says Reconnect
 * needed, why, and offers Reconnect: it still receives, so it is no reason for that warning. One whose
 * access ends within days (`accessEnds`) says when, and offers Reconnect too. A connected one shows its
 * health badge (its reasons open on it); a degraded one says why and offers Reconnect, and links to its report
 * (the dashboard's 30 days on that channel).
 */
export function PlatformStatus({
  active,
  reconnect,
  accessEnds,
  health = {},
  loading,
  report,
}: {
  active: readonly Platform[];
  reconnect: readonly Platform[];
  accessEnds: Partial<Record<Platform, string>>;
  /** The connected platforms' health. */
  health?: Partial<Record<Platform, ChannelHealthResponse>>;
  loading: boolean;
  /** The range a connected channel's report link shows. */
  report: ReportLink;
}) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const platformName = usePlatformName();
  // Connecting channels is for owners and admins (docs/teams.md); an agent sees the status only.
  const channels = useCan()('manageChannels');
  const reports = useCan()('viewReports');
  return (
    <Card
      title={t('dashboard.platforms.title')}
      data-testid="platform-status"
      loading={loading}
      style={{ height: '100%' }}
    >
      <Flex vertical gap="middle">
        {active.length === 0 && <NoPlatformsNotice text={t('integrations.noPlatforms')} />}
        {STATUS_PLATFORMS.map((platform) => {
          const isConnected = active.includes(platform);
          const needsReconnect = isConnected && reconnect.includes(platform);
          const ends = isConnected ? accessEnds[platform] : undefined;
          const channelHealth = isConnected ? health[platform] : undefined;
          const degraded = channelHealth?.state === 'degraded';
          return (
            <Flex
              key={platform}
              align="center"
              gap="small"
              data-testid="platform-status-row"
              data-platform={platform}
              data-needs-reconnect={needsReconnect}
              data-health={channelHealth?.state ?? (isConnected ? 'ok' : 'disconnected')}
            >
              <PlatformIcon platform={platform} size={32} />
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Flex align="center" gap="small" wrap>
                  <Typography.Text strong>{platformName(platform)}</Typography.Text>
                  {channelHealth && <HealthBadge platform={platform} health={channelHealth} />}
                </Flex>
                <Badge
                  status={needsReconnect ? 'warning' : isConnected ? 'success' : 'default'}
                  text={
                    <span data-testid="platform-status-text">
                      {t(
                        needsReconnect
                          ? 'integrations.reconnect.status'
                          : isConnected
                            ? 'dashboard.platforms.connected'
                            : 'dashboard.platforms.notConnected',
                      )}
                    </span>
                  }
                />
                {needsReconnect && !degraded && <ReconnectReason testId="platform-status-reason" />}
                {channelHealth && (
                  <HealthProblems
                    platform={platform}
                    health={channelHealth}
                    testId="platform-status-problems"
                  />
                )}
                {ends && (
                  <Typography.Text
                    type="warning"
                    style={{ fontSize: 12 }}
                    data-testid="platform-status-ending"
                  >
                    {t('integrations.reconnect.endingShort', { date: dateText(ends) })}
                  </Typography.Text>
                )}
              </Flex>
              {isConnected && reports && (
                <Link
                  to={reportsPath({ ...report, platform })}
                  data-testid="platform-status-report"
                  aria-label={t('dashboard.platforms.reportLabel', { platform: platformName(platform) })}
                >
                  {t('dashboard.platforms.report')}
                </Link>
              )}
              {channels && (needsReconnect || ends || degraded) && (
                <ReconnectLink platform={platform} size="small" />
              )}
              {channels && !isConnected && (
                <ButtonLink to={`/setup/${platform}`} size="small">
                  {t('dashboard.platforms.connect')}
                </ButtonLink>
              )}
            </Flex>
          );
        })}
      </Flex>
    </Card>
  );
}
