import type { Platform, SocialIntegrationResponse } from '@parley/contracts';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { HealthBadge, HealthProblems, ReconnectLink, ReconnectReason } from '../../integrations';
import { isDegraded, needsReconnect } from '../../integrations/api';

/** Spec 001 §9: the social panel shows these three. */
export const PANEL_PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'twitter'];

/**
 * Platform Integrations (spec 001 §2): each panel platform, Connected or Disconnected, and a connected
 * one's health badge; an active one Meta refuses replies for, Reconnect needed with why and Reconnect (never
 * a green Connected); a degraded one, its problems and Reconnect.
 */
export function PlatformIntegrations({
  integrations,
  loading,
}: {
  integrations: readonly SocialIntegrationResponse[];
  loading: boolean;
}) {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  return (
    <Card title={t('socialMedia.platforms.title')} loading={loading} data-testid="social-platforms">
      <Row gutter={[16, 16]}>
        {PANEL_PLATFORMS.map((platform) => {
          const integration = integrations.find((item) => item.platform === platform && item.isActive);
          const connected = integration !== undefined;
          const reconnect = needsReconnect(integration);
          const degraded = isDegraded(integration);
          return (
            <Col key={platform} xs={24} sm={8}>
              <Flex
                vertical
                gap="small"
                data-testid="social-platform"
                data-platform={platform}
                data-connected={connected}
                data-needs-reconnect={reconnect}
                data-health={integration?.health.state ?? 'disconnected'}
              >
                {/* The tags wrap under the name on a narrow column rather than squeeze it. */}
                <Flex align="center" gap="small" wrap="wrap">
                  <PlatformIcon platform={platform} size={36} />
                  <Typography.Text strong style={{ flex: '1 0 auto' }}>
                    {platformName(platform)}
                  </Typography.Text>
                  <Tag
                    color={reconnect ? 'warning' : connected ? 'green' : 'default'}
                    data-testid="social-platform-status"
                  >
                    {t(
                      reconnect
                        ? 'integrations.reconnect.status'
                        : connected
                          ? 'socialMedia.platforms.connected'
                          : 'socialMedia.platforms.disconnected',
                    )}
                  </Tag>
                  {integration && <HealthBadge platform={platform} health={integration.health} />}
                </Flex>
                {reconnect && !degraded && <ReconnectReason testId="social-platform-reason" />}
                {integration && (
                  <HealthProblems
                    platform={platform}
                    health={integration.health}
                    testId="social-platform-problems"
                  />
                )}
                {(reconnect || degraded) && (
                  <Flex>
                    <ReconnectLink platform={platform} size="small" />
                  </Flex>
                )}
              </Flex>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
