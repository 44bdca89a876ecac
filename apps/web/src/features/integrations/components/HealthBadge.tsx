import type { ChannelHealthResponse, Platform } from '@parley/contracts';
import { Button, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { HealthDetails } from './HealthDetails';

const COLORS = { ok: 'green', degraded: 'orange', disconnected: 'default' } as const;

/**
 * A channel's health at a glance (Healthy / Needs attention); pressed, its reasons (HealthDetails). A small
 * button, so that it is reached and opened from the keyboard and on a phone alike.
 */
export function HealthBadge({ platform, health }: { platform: Platform; health: ChannelHealthResponse }) {
  const { t } = useTranslation();
  const name = usePlatformName()(platform);
  const state = t(`integrations.health.states.${health.state}`);
  return (
    <Popover
      trigger="click"
      title={t('integrations.health.detailsTitle', { platform: name })}
      content={<HealthDetails health={health} />}
    >
      <Button
        size="small"
        variant="filled"
        color={COLORS[health.state]}
        data-testid="health-badge"
        data-state={health.state}
        aria-label={`${t('integrations.health.badge')}: ${state}`}
      >
        {state}
      </Button>
    </Popover>
  );
}
