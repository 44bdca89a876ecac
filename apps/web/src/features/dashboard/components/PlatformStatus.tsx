import type { Platform } from '@parley/contracts';
import { Badge, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';

export const STATUS_PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'twitter', 'whatsapp'];

/**
 * Spec 001 §2: each channel, connected and monitoring or not connected. Integrations do not exist yet, so
 * `connected` is empty for now.
 */
export function PlatformStatus({ connected = [] }: { connected?: readonly Platform[] }) {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  return (
    <Card title={t('dashboard.platforms.title')} data-testid="platform-status" style={{ height: '100%' }}>
      <Flex vertical gap="middle">
        {STATUS_PLATFORMS.map((platform) => {
          const isConnected = connected.includes(platform);
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
