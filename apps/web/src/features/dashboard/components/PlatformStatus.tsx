import type { Platform } from '@parley/contracts';
import { Badge, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { NoPlatformsNotice, ReconnectLink } from '../../integrations';

export const STATUS_PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'twitter', 'whatsapp'];

/**
 * Spec 001 §2: each channel, connected and monitoring (an active integration) or not connected; with none
 * at all, spec 001 §8's warning. An active one Meta refuses replies for (`reconnect`) says Reconnect
 * needed, why, and offers Reconnect: it still receives, so it is no reason for that warning.
 */
export function PlatformStatus({
  active,
  reconnect,
  loading,
}: {
  active: readonly Platform[];
  reconnect: readonly Platform[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const platformName = usePlatformName();
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
          return (
            <Flex
              key={platform}
              align="center"
              gap="small"
              data-testid="platform-status-row"
              data-platform={platform}
              data-needs-reconnect={needsReconnect}
            >
              <PlatformIcon platform={platform} size={32} />
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong>{platformName(platform)}</Typography.Text>
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
                {needsReconnect && (
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12 }}
                    data-testid="platform-status-reason"
                  >
                    {t('integrations.reconnect.reason')}
                  </Typography.Text>
                )}
              </Flex>
              {needsReconnect && <ReconnectLink platform={platform} size="small" />}
              {!isConnected && (
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
