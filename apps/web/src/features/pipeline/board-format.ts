import { DEFAULT_CURRENCY, formatMoney } from '@parley/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../shared/format/message-format';
import { useLanguage } from '../language';
import { useGetAiConfigQuery } from '../ai-config/api';

const INTL_UNITS = { minutes: 'minute', hours: 'hour', days: 'day' } as const;

/** An amount in the business's currency (the AI configuration's), the reader's way. */
export function useMoneyText(): (amount: number) => string {
  const { language } = useLanguage();
  const { data: config } = useGetAiConfigQuery();
  const currency = config?.currency ?? DEFAULT_CURRENCY;
  return useCallback((amount: number) => formatMoney(amount, currency, language), [currency, language]);
}

/** How long a customer has been at their stage: "3 days in this stage", each language its own units. */
export function useTimeInStageText(): (since: string, now: number) => string {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return useCallback(
    (since: string, now: number) => {
      const time = relativeTime(since, now);
      switch (time.unit) {
        case 'justNow':
        case 'unknown':
          return t('pipeline.card.justMoved');
        case 'minutes':
        case 'hours':
        case 'days': {
          const duration = new Intl.NumberFormat(language, {
            style: 'unit',
            unit: INTL_UNITS[time.unit],
            unitDisplay: 'long',
          }).format(time.count);
          return t('pipeline.card.inStage', { duration });
        }
      }
    },
    [t, language],
  );
}
