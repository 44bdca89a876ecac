import type { Platform } from '@parley/contracts';
import { Badge, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { NoPlatformsNotice } from '../../integrations';

export const STATUS_PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'twitter', 'whatsapp'];

/**
 * Spec 001 §2: each channel, connected and monitoring (an active integration) or not connected; with none
 * at all, spec 001 §8's warning.
 */
export function PlatformStatus({ active, loading }: { active: readonly Platform[]; loading: boolean }) {
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
          return (
            <Flex
              key={platform}
              align="center"
              gap="small"
              data-testid="platform-status-row"
              data-platform={platform}
            >
              <PlatformIcon platform={platform} size={32} />
              <Flex vertical style={{ flex: 1 }}>
                <Typography.Text strong>{platformName(platform)}</Typography.Text>
                <Badge
                  status={isConnected ? 'success' : 'default'}
                  text={
                    <span data-testid="platform-status-text">
                      {t(isConnected ? 'dashboard.platforms.connected' : 'dashboard.platforms.notConnected')}
                    </span>
                  }
                />
              </Flex>
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
