import { App, type AppProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §9: at most one toast at a time, shown for 5 seconds. Applied by `<App notification>`. */
export const TOAST_CONFIG: AppProps['notification'] = { maxCount: 1, duration: 5 };

export interface ToastContent {
  /** Defaults to 'Success' or 'Error'. */
  title?: string;
  description: string;
}

/** The one way to show a toast. Failure text for API errors comes from `apiErrorMessage`. */
export function useToast() {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return useMemo(
    () => ({
      success: ({ title = t('common.success'), description }: ToastContent) =>
        notification.success({ title, description }),
      error: ({ title = t('common.error'), description }: ToastContent) =>
        notification.error({ title, description }),
    }),
    [notification, t],
  );
}
