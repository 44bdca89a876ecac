import type { Platform } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api-error';
import { browser } from '../../app/browser';
import { useFailureText } from '../../app/server-text';
import { useStartConnectMutation } from './api';

/**
 * Starts connecting `platform` (spec 001 §7): asks the server for the provider's dialog and sends the
 * browser there, after `beforeLeaving`. Answers null once the browser is leaving, or why it cannot
 * (spec 001 §8: the server's message, else Failed to connect to the platform).
 */
export function useConnect(): (platform: Platform, beforeLeaving?: () => void) => Promise<string | null> {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const [startConnect] = useStartConnectMutation();
  return useCallback(
    async (platform, beforeLeaving) => {
      try {
        const { authUrl } = await startConnect(platform).unwrap();
        beforeLeaving?.();
        browser.assign(authUrl);
        return null;
      } catch (error) {
        const failed = t('integrations.connect.failed');
        return failureText(error as ApiError, { failed, network: failed });
      }
    },
    [failureText, startConnect, t],
  );
}
