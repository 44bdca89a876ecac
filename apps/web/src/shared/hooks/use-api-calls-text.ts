import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * '1,000 API calls per month' or 'Unlimited API calls', in the reader's language: the one way every
 * screen states a plan's allowance (landing, pricing, checkout, the dashboard's Free line), so they all
 * state it in the same unit (one API call is one AI response). `perMonth` null: unlimited.
 */
export function useApiCallsText(): (perMonth: number | null) => string {
  const { t } = useTranslation();
  return useCallback(
    (perMonth: number | null) =>
      perMonth === null ? t('plans.unlimitedApiCalls') : t('plans.apiCalls', { count: perMonth }),
    [t],
  );
}
