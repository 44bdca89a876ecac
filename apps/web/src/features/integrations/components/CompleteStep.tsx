import type { ChannelHealthResponse, Platform } from '@parley/contracts';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { HealthAlert } from './HealthAlert';
import { HealthBadge } from './HealthBadge';

/**
 * Step 3: Complete Setup (to the dashboard) only once the platform is active (spec 001 §4), and not while
 * Meta refuses its access (`needsReconnect`): then it says so and sends the owner back to Connect. An
 * active platform shows its health badge; a degraded one says why (HealthAlert).
 */
export function CompleteStep({
  platform,
  active,
  needsReconnect,
  health,
  onPrevious,
}: {
  platform: Platform;
  active: boolean;
  needsReconnect: boolean;
  health: ChannelHealthResponse | undefined;
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = usePlatformName()(platform);
  const ready = active && !needsReconnect;
  return (
    <Flex
      vertical
      gap="middle"
      data-testid="wizard-complete-step"
      data-active={active}
      data-needs-reconnect={needsReconnect}
    >
      {needsReconnect ? (
        <Result
          status="warning"
          title={t('integrations.reconnect.title', { platform: name })}
          subTitle={t('integrations.reconnect.reason')}
        />
      ) : (
        <Result
          status={active ? 'success' : 'info'}
          title={t(active ? 'integrations.complete.readyTitle' : 'integrations.complete.notYetTitle', {
            platform: name,
          })}
          subTitle={t(active ? 'integrations.complete.ready' : 'integrations.complete.notYet', {
            platform: name,
          })}
        />
      )}
      {active && health && (
        <Flex vertical gap="small" align="center">
          <HealthBadge platform={platform} health={health} />
          <HealthAlert platform={platform} health={health} reconnect={false} />
        </Flex>
      )}
      <Flex justify="space-between" gap="small" wrap>
        <Button data-testid="wizard-previous" onClick={onPrevious}>
          {t('integrations.wizard.previous')}
        </Button>
        <Flex gap="small" wrap>
          <ButtonLink to="/dashboard" data-testid="wizard-cancel">
            {t('common.cancel')}
          </ButtonLink>
          <Button
            type="primary"
            data-testid="wizard-complete"
            disabled={!ready}
            onClick={() => void navigate('/dashboard')}
          >
            {t('integrations.complete.submit')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
