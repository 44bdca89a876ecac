import { isConnectFailure, type Platform } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatformName } from '../../shared/hooks/use-platform-name';

/**
 * The wizard's words for `?error=<code>` (spec 001 §8's Connection Failed reason): one of our own texts
 * per CONNECT_FAILURES code, in the reader's language. Anything else in the address — a made-up code, or
 * any text at all — reads as Failed to connect to the platform: the page never shows what the address says.
 */
export function useConnectFailureText(): (platform: Platform, code: string) => string {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  return useCallback(
    (platform, code) => {
      if (!isConnectFailure(code)) return t('integrations.connect.failed');
      if (code === 'no_assets') return t(`integrations.connect.errors.no_assets.${platform}`);
      return t(`integrations.connect.errors.${code}`, { platform: platformName(platform) });
    },
    [platformName, t],
  );
}
