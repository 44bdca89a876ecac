import type { PricingPlan } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A plan as the public catalogue words it, or as GET /api/plans serves it with the quota the server enforces. */
type PlanQuota = Pick<PricingPlan, 'aiResponsesPerMonth'> & { monthlyApiCalls?: number | null };

/**
 * '1,000 AI responses per month' or 'Unlimited AI responses', in the reader's language: the enforced
 * `monthlyApiCalls` when the server sent it (one AI response is one API call), else the catalogue's figure.
 */
export function useAiResponsesText(): (plan: PlanQuota) => string {
  const { t } = useTranslation();
  return useCallback(
    ({ aiResponsesPerMonth, monthlyApiCalls }: PlanQuota) => {
      const perMonth = monthlyApiCalls === undefined ? aiResponsesPerMonth : monthlyApiCalls;
      return perMonth === null
        ? t('plans.unlimitedAiResponses')
        : t('plans.aiResponses', { count: perMonth });
    },
    [t],
  );
}
