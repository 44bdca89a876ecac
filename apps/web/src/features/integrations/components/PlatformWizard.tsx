import type { Platform } from '@parley/contracts';
import { Card, Flex, Steps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { Loading } from '../../../shared/components/Loading';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { accessEndingSoon, isDegraded, needsReconnect, useListIntegrationsQuery } from '../api';
import { useConnectFailureText } from '../connect-failure-text';
import { useConnect } from '../use-connect';
import {
  clearWizardPlace,
  readWizardPlace,
  storeWizardPlace,
  WIZARD_STEPS,
  type WizardStep,
} from '../wizard-storage';
import { CompleteStep } from './CompleteStep';
import { type ConnectState, ConnectStep } from './ConnectStep';
import { OverviewStep } from './OverviewStep';

/** Spec 001 §9: back from the provider, the integrations are refetched this long after the return. */
export const RETURN_REFETCH_DELAY_MS = 1000;

/**
 * Spec 001 §2 and §4: Overview, Connect, Complete. Starts at Complete when the platform is already
 * active, but at Connect when Meta no longer accepts its access (`needsReconnect`: connecting again renews
 * it), ends it within days, or the channel is degraded (its health; connecting again renews the access
 * and the subscription). Connect sends the browser to the provider, having stored where the wizard
 * was; a failed connection comes back as `?error=<code>` and opens the Connect step on Connection Failed,
 * with our text for that code (never the address's own words).
 */
export function PlatformWizard({ platform }: { platform: Platform }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const failureText = useConnectFailureText();
  const platformName = usePlatformName();
  const connectTo = useConnect();
  const [searchParams] = useSearchParams();
  const integrations = useListIntegrationsQuery();
  const integration = integrations.data?.find((item) => item.platform === platform);
  const active = integration?.isActive ?? false;
  const reconnect = needsReconnect(integration);
  const degraded = isDegraded(integration);
  const [arrivedAt] = useState(() => Date.now());
  const accessEnds = accessEndingSoon(integration, arrivedAt);

  // Read once, on arrival: whether the browser is back from the provider, and where the wizard was.
  const [arrival] = useState(() => ({
    error: searchParams.get('error'),
    place: readWizardPlace(),
  }));
  const returnedHere = arrival.error !== null || arrival.place?.platform === platform;
  const [chosenStep, setStep] = useState<WizardStep | null>(() => {
    if (arrival.error !== null) return 'connect';
    return arrival.place?.platform === platform ? arrival.place.step : null;
  });
  const [connectState, setConnectState] = useState<ConnectState>(() =>
    arrival.error === null
      ? { status: 'idle' }
      : { status: 'error', reason: failureText(platform, arrival.error) },
  );

  useEffect(() => {
    if (!returnedHere) return;
    clearWizardPlace();
    // The reason now lives in the page; a reload should not fail again.
    void navigate(`/setup/${platform}`, { replace: true });
    const timer = setTimeout(
      () => dispatch(api.util.invalidateTags(['Integrations'])),
      RETURN_REFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [dispatch, navigate, platform, returnedHere]);

  // Until the user moves, the first step follows the integrations: Complete when already active, Connect
  // when it must be connected again, or soon.
  const firstStep: WizardStep =
    reconnect || accessEnds || degraded ? 'connect' : active ? 'complete' : 'overview';
  const step: WizardStep | null = chosenStep ?? (integrations.isLoading ? null : firstStep);

  const connect = async () => {
    setConnectState({ status: 'connecting' });
    const refusal = await connectTo(platform, () => storeWizardPlace({ platform, step: 'connect' }));
    if (refusal !== null) setConnectState({ status: 'error', reason: refusal });
  };

  const name = platformName(platform);
  return (
    <Flex vertical gap="large" data-testid="platform-wizard" data-platform={platform} data-step={step}>
      <Flex>
        <ButtonLink to="/dashboard" data-testid="wizard-back">
          {t('integrations.wizard.backToDashboard')}
        </ButtonLink>
      </Flex>
      <Steps
        current={step === null ? 0 : WIZARD_STEPS.indexOf(step)}
        items={WIZARD_STEPS.map((item) => ({ title: t(`integrations.wizard.steps.${item}`) }))}
      />
      <Card title={t('integrations.wizard.title', { platform: name })}>
        {step === null && <Loading />}
        {step === 'overview' && <OverviewStep platform={platform} onNext={() => setStep('connect')} />}
        {step === 'connect' && (
          <ConnectStep
            platform={platform}
            state={connectState}
            active={active}
            needsReconnect={reconnect}
            accessEnds={accessEnds}
            health={integration?.health}
            pages={integration?.pages ?? []}
            onConnect={() => void connect()}
            onTryAgain={() => setConnectState({ status: 'idle' })}
            onPrevious={() => setStep('overview')}
            onNext={() => setStep('complete')}
          />
        )}
        {step === 'complete' && (
          <CompleteStep
            platform={platform}
            active={active}
            needsReconnect={reconnect}
            health={integration?.health}
            onPrevious={() => setStep('connect')}
          />
        )}
      </Card>
    </Flex>
  );
}
