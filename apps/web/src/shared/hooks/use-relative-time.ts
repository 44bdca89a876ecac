import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../format/message-format';

/**
 * Spec 000 §9 in words: 'Just now', 'N minutes ago', 'N hours ago', 'N days ago'. An absent time reads
 * 'Unknown' for a message and 'Never' for a customer's last contact.
 */
export function useRelativeTimeText() {
  const { t } = useTranslation();
  return useCallback(
    (timestamp: string | null | undefined, now: number, absent: 'unknown' | 'never' = 'unknown'): string => {
      const time = relativeTime(timestamp, now);
      switch (time.unit) {
        case 'justNow':
          return t('time.justNow');
        case 'minutes':
          return t('time.minutesAgo', { count: time.count });
        case 'hours':
          return t('time.hoursAgo', { count: time.count });
        case 'days':
          return t('time.daysAgo', { count: time.count });
        case 'unknown':
          return t(absent === 'never' ? 'time.never' : 'time.unknown');
      }
    },
    [t],
  );
}
