import type { Platform } from '@parley/contracts';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';

/**
 * Reconnect: the platform's wizard, which opens at its Connect step while Meta refuses Parley's access
 * (`needsReconnect`).
 */
export function ReconnectLink({ platform, size }: { platform: Platform; size?: ButtonProps['size'] }) {
  const { t } = useTranslation();
  return (
    <ButtonLink to={`/setup/${platform}`} type="primary" size={size} data-testid="reconnect-link">
      {t('integrations.reconnect.open')}
    </ButtonLink>
  );
}
