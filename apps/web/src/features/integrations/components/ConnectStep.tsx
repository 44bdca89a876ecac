import type { ChannelHealthResponse, Platform } from '@parley/contracts';
import { Alert, Button, Flex, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { HealthAlert } from './HealthAlert';
import { PageNames } from './PageNames';

/** What the Connect step has done itself; `success` comes from the integrations (the platform is active). */
export type ConnectState =
  { status: 'idle' } | { status: 'connecting' } | { status: 'error'; reason: string };

interface ConnectStepProps {
  platform: Platform;
  state: ConnectState;
  active: boolean;
  /** Active, but Meta no longer accepts Parley's access: connecting again is what the step is for. */
  needsReconnect: boolean;
  /** Active, and Meta ends its access at this time, within days (`accessEndingSoon`). */
  accessEnds: string | undefined;
  /** The channel's health when active: a degraded one is connected again here too. */
  health: ChannelHealthResponse | undefined;
  /** The pages / accounts / numbers connected, when active. */
  pages: { pageId: string; pageName: string }[];
  onConnect: () => void;
  onTryAgain: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

/**
 * Step 2 (spec 001 §4): idle, connecting (the browser is leaving for the provider), success (the platform
 * is active) or error (Connection Failed with the reason, Try Again or Cancel). An active platform whose
 * access Meta refuses is not a success: it says Reconnect needed and why, above the Connect button; nor is
 * one whose access ends within days, which says when, nor a degraded one, which says why.
 */
export function ConnectStep({
  platform,
  state,
  active,
  needsReconnect,
  accessEnds,
  health,
  pages,
  onConnect,
  onTryAgain,
  onPrevious,
  onNext,
}: ConnectStepProps) {
  const { t } = useTranslation();
  const name = usePlatformName()(platform);
  const dateText = useDateText();
  const degraded = active && health?.state === 'degraded';
  const renew = needsReconnect || accessEnds !== undefined || degraded;
  const status = state.status === 'idle' && active && !renew ? 'success' : state.status;

  if (state.status === 'error') {
    return (
      <Result
        status="error"
        data-testid="wizard-connect-step"
        data-state="error"
        title={t('integrations.connect.failedTitle')}
        subTitle={
          <span data-testid="wizard-error-reason" dir="auto" style={{ unicodeBidi: 'plaintext' }}>
            {state.reason}
          </span>
        }
        extra={[
          <Button key="retry" type="primary" data-testid="wizard-try-again" onClick={onTryAgain}>
            {t('integrations.connect.tryAgain')}
          </Button>,
          <ButtonLink key="cancel" to="/dashboard" data-testid="wizard-cancel">
            {t('common.cancel')}
          </ButtonLink>,
        ]}
      />
    );
  }

  return (
    <Flex vertical gap="middle" data-testid="wizard-connect-step" data-state={status}>
      {status === 'success' ? (
        <Result
          status="success"
          title={t('integrations.connect.successTitle', { platform: name })}
          subTitle={
            pages.length > 0 && (
              <span data-testid="wizard-connected-pages">
                {t('integrations.connect.connectedPages')} <PageNames pages={pages} />
              </span>
            )
          }
        />
      ) : (
        <>
          {degraded && health && <HealthAlert platform={platform} health={health} reconnect={false} />}
          {needsReconnect && !(degraded && health?.problems.includes('token_refused')) && (
            <Alert
              type="warning"
              showIcon
              data-testid="wizard-reconnect-needed"
              title={t('integrations.reconnect.status')}
              description={t('integrations.reconnect.reason')}
            />
          )}
          {accessEnds && !needsReconnect && (
            <Alert
              type="warning"
              showIcon
              data-testid="wizard-access-ending"
              title={t('integrations.reconnect.ending', { date: dateText(accessEnds) })}
            />
          )}
          <Typography.Paragraph style={{ margin: 0 }}>{t('integrations.connect.hint')}</Typography.Paragraph>
          <Flex>
            <Button
              type="primary"
              size="large"
              data-testid="wizard-connect"
              loading={status === 'connecting'}
              onClick={onConnect}
            >
              {t(
                status === 'connecting' ? 'integrations.connect.connecting' : 'integrations.connect.button',
                {
                  platform: name,
                },
              )}
            </Button>
          </Flex>
        </>
      )}
      <Flex justify="space-between" gap="small" wrap>
        <Button data-testid="wizard-previous" onClick={onPrevious} disabled={status === 'connecting'}>
          {t('integrations.wizard.previous')}
        </Button>
        <Button
          type={status === 'success' ? 'primary' : 'default'}
          data-testid="wizard-next"
          onClick={onNext}
          disabled={status === 'connecting'}
        >
          {t('integrations.wizard.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
