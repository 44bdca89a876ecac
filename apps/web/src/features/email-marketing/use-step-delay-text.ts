import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../language';

/**
 * A sequence step's wait in words, in the reader's language: "After 1 hour", "After 2 days and 3 hours",
 * "Straight away" (nothing to wait). The days and hours are plural forms of the locale (Arabic has six); the
 * two are joined as the language joins a list (Intl.ListFormat: "and", "y", "و").
 */
export function useStepDelayText(): (days: number, hours: number) => string {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return useMemo(() => {
    const list = new Intl.ListFormat(language, { type: 'conjunction', style: 'long' });
    return (days: number, hours: number) => {
      const parts = [
        ...(days > 0 ? [t('emailMarketing.sequences.days', { count: days })] : []),
        ...(hours > 0 ? [t('emailMarketing.sequences.hours', { count: hours })] : []),
      ];
      if (parts.length === 0) return t('emailMarketing.sequences.delayNone');
      return t('emailMarketing.sequences.delay', { delay: list.format(parts) });
    };
  }, [t, language]);
}
