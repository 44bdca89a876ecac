import { App, type AppProps, type NotificationArgsProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../features/language';
import { PHONE_SCREEN, useMediaQuery } from '../shared/hooks/use-media-query';

/**
 * Every notice shows in one stack: the toast and the realtime popup (features/realtime), so neither ever
 * covers the other. Spec 000 §9 allows one toast at a time: toasts share one key, a new one replacing the
 * one on screen, and the popup is the stack's second notice. Toasts last 5 seconds. Applied by
 * `<App notification>`.
 */
export const TOAST_CONFIG: AppProps['notification'] = { maxCount: 2, duration: 5, stack: false };

const TOAST_KEY = 'toast';

type NoticePlacement = NonNullable<NotificationArgsProps['placement']>;

/**
 * The stack sits in the bottom corner of the end side (right, left in Arabic): page headers and the titles
 * and close buttons of drawers and dialogs are at the top. On a phone a notice is as wide as the screen, and
 * at the bottom it covered the reply boxes (inbox, test chat) while the owner typed: there it is at the top.
 */
export function useNoticePlacement(): NoticePlacement {
  const { direction } = useLanguage();
  const phone = useMediaQuery(PHONE_SCREEN);
  if (phone) return 'top';
  return direction === 'rtl' ? 'bottomLeft' : 'bottomRight';
}

export interface ToastContent {
  /** Defaults to 'Success' or 'Error'. */
  title?: string;
  description: string;
}

/** The one way to show a toast. Failure text for API errors comes from `apiErrorMessage`. */
export function useToast() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const placement = useNoticePlacement();
  return useMemo(
    () => ({
      success: ({ title = t('common.success'), description }: ToastContent) =>
        notification.success({ key: TOAST_KEY, placement, title, description }),
      error: ({ title = t('common.error'), description }: ToastContent) =>
        notification.error({ key: TOAST_KEY, placement, title, description }),
    }),
    [notification, t, placement],
  );
}
