import { isCustomerPlatform } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A platform's display name (`manual`: No channel); one we do not know is shown as the server named it. */
export function usePlatformName(): (platform: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (platform: string) => (isCustomerPlatform(platform) ? t(`platforms.${platform}`) : platform),
    [t],
  );
}
