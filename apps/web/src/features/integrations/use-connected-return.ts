import { isPlatform } from '@parley/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { useToast } from '../../app/toast';
import { usePlatformName } from '../../shared/hooks/use-platform-name';
import { clearWizardPlace } from './wizard-storage';

/**
 * Spec 001 §4: back from a connection with `?connected={platform}`, a success toast, the address reset to
 * /dashboard and the integrations refreshed. The wizard's stored place is cleared: this is its return.
 */
export function useConnectedReturn(): void {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const platformName = usePlatformName();
  const [searchParams] = useSearchParams();
  const connected = searchParams.get('connected');
  // Once per return, even when effects run twice (React's strict mode).
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (connected === null || handled.current === connected) return;
    handled.current = connected;
    clearWizardPlace();
    if (isPlatform(connected)) {
      toast.success({ description: t('integrations.connectedToast', { platform: platformName(connected) }) });
    }
    dispatch(api.util.invalidateTags(['Integrations']));
    void navigate('/dashboard', { replace: true });
  }, [connected, dispatch, navigate, platformName, t, toast]);
}
