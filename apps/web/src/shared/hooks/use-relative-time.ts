import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../features/language';
import { relativeTime } from '../format/message-format';

const INTL_UNITS = { minutes: 'minute', hours: 'hour', days: 'day' } as const;

/**
 * Spec 000 §9 in words: 'Just now', 'N minutes ago', 'N hours ago', 'N days ago'. The browser's
 * Intl.RelativeTimeFormat words the counts, so each language gets its own plural forms ("1 minute ago",
 * Arabic's dual "قبل دقيقتين"). An absent time reads 'Unknown' for a message and 'Never' for a
 * customer's last contact.
 */
export function useRelativeTimeText() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const format = useMemo(() => new Intl.RelativeTimeFormat(language, { numeric: 'always' }), [language]);
  return useCallback(
    (timestamp: string | null | undefined, now: number, absent: 'unknown' | 'never' = 'unknown'): string => {
      const time = relativeTime(timestamp, now);
      switch (time.unit) {
        case 'justNow':
          return t('time.justNow');
        case 'minutes':
        case 'hours':
        case 'days':
          return format.format(-time.count, INTL_UNITS[time.unit]);
        case 'unknown':
          return t(absent === 'never' ? 'time.never' : 'time.unknown');
      }
    },
    [t, format],
  );
}
