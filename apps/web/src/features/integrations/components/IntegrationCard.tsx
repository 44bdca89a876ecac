import type { Platform, SocialIntegrationResponse } from '@parley/contracts';
import { Alert, Badge, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { accessEndingSoon, isDegraded, needsReconnect } from '../api';
import { HealthAlert } from './HealthAlert';
import { HealthBadge } from './HealthBadge';
import { PageNames } from './PageNames';
import { ReconnectLink } from './ReconnectLink';

interface IntegrationCardProps {
  platform: Platform;
  /** Undefined: never connected. */
  integration: SocialIntegrationResponse | undefined;
  disconnecting: boolean;
  onDisconnect: (platform: Platform) => void;
}

/**
 * One platform on /social-integrations: its status and health (a badge whose reasons open on it), what is
 * connected, when it last synced, until when its access lasts (WhatsApp), and the action. An active
 * platform Meta refuses replies for says Reconnect needed, why, and offers Reconnect; so does one whose
 * access ends within days, with the date, and one whose channel is degraded, with its problems.
 */
export function IntegrationCard({
  platform,
  integration,
  disconnecting,
  onDisconnect,
}: IntegrationCardProps) {
  const { t } = useTranslation();
  const timeText = useRelativeTimeText();
  const now = useNow();
  const name = usePlatformName()(platform);
  const active = integration?.isActive ?? false;
  const dateText = useDateText();
  const reconnect = needsReconnect(integration);
  const degraded = isDegraded(integration);
  const accessEnds = accessEndingSoon(integration, now);
  const pages = integration?.pages ?? [];
  return (
    <Card
      data-testid="integration-card"
      data-platform={platform}
      data-active={active}
      data-needs-reconnect={reconnect}
      data-health={active ? integration?.health.state : 'disconnected'}
      style={{ height: '100%' }}
    >
      <Flex vertical gap="middle" style={{ height: '100%' }}>
        <Flex align="center" gap="middle">
          <PlatformIcon platform={platform} size={44} />
          <Flex vertical style={{ flex: 1, minWidth: 0 }}>
            <Flex align="center" gap="small" wrap>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {name}
              </Typography.Title>
              {active && integration && <HealthBadge platform={platform} health={integration.health} />}
            </Flex>
            <Badge
              status={reconnect ? 'warning' : active ? 'success' : 'default'}
              text={
                <span data-testid="integration-status">
                  {t(
                    reconnect
                      ? 'integrations.reconnect.status'
                      : active
                        ? 'integrations.status.connected'
                        : 'integrations.status.notConnected',
                  )}
                </span>
              }
            />
          </Flex>
        </Flex>
        {degraded && integration && (
          <HealthAlert platform={platform} health={integration.health} reconnect={false} />
        )}
        {reconnect && !(degraded && integration?.health.problems.includes('token_refused')) && (
          <Alert
            type="warning"
            showIcon
            data-testid="integration-reconnect-reason"
            title={t('integrations.reconnect.reason')}
          />
        )}
        {accessEnds && (
          <Alert
            type="warning"
            showIcon
            data-testid="integration-access-ending"
            title={t('integrations.reconnect.ending', { date: dateText(accessEnds) })}
          />
        )}
        {active && (
          <Flex vertical gap={4}>
            <Typography.Text data-testid="integration-pages">
              {t(`integrations.assets.${platform}`)}: <PageNames pages={pages} />
            </Typography.Text>
            <Typography.Text type="secondary" data-testid="integration-last-sync">
              {t('integrations.lastSync', { time: timeText(integration?.lastSync, now, 'never') })}
            </Typography.Text>
            {integration?.accessExpiresAt && !reconnect && !accessEnds && (
              <Typography.Text type="secondary" data-testid="integration-access-until">
                {t('integrations.reconnect.accessUntil', { date: dateText(integration.accessExpiresAt) })}
              </Typography.Text>
            )}
          </Flex>
        )}
        <Flex gap="small" wrap style={{ marginTop: 'auto' }}>
          {(reconnect || accessEnds || degraded) && <ReconnectLink platform={platform} />}
          {active ? (
            <Button
              danger
              loading={disconnecting}
              data-testid="integration-disconnect"
              onClick={() => onDisconnect(platform)}
            >
              {t('integrations.disconnect.open')}
            </Button>
          ) : (
            <ButtonLink to={`/setup/${platform}`} type="primary" data-testid="integration-connect">
              {t('integrations.connect.open')}
            </ButtonLink>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
