import type { PricingPlan } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../features/language';

/** '1,000 AI responses per month' or 'Unlimited AI responses', in the reader's language. */
export function useAiResponsesText(): (plan: PricingPlan) => string {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return useCallback(
    ({ aiResponsesPerMonth }: PricingPlan) =>
      aiResponsesPerMonth === null
        ? t('plans.unlimitedAiResponses')
        : t('plans.aiResponses', { responses: new Intl.NumberFormat(language).format(aiResponsesPerMonth) }),
    [t, language],
  );
}
