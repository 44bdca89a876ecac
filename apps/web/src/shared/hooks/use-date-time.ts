import { useMemo } from 'react';
import { useLanguage } from '../../features/language';

/** A moment as a date and time in the reader's language ("Nov 25, 2026, 2:30 PM"). */
export function useDateTimeText(): (timestamp: string) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (timestamp: string) => format.format(new Date(timestamp));
  }, [language]);
}

/** A day in the reader's language ("Nov 25, 2026"). */
export function useDateText(): (timestamp: string) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    return (timestamp: string) => format.format(new Date(timestamp));
  }, [language]);
}

/** A time of day in the reader's language ("2:30 PM", "14:30"). */
export function useTimeText(): (timestamp: string) => string {
  const { language } = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { timeStyle: 'short' });
    return (timestamp: string) => format.format(new Date(timestamp));
  }, [language]);
}
