import { App, type AppProps, type NotificationArgsProps } from 'antd';
import { type RefObject, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../features/language';

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
 * and close buttons of drawers and dialogs are at the top. It rises above a reply box on screen
 * (useKeepNoticesAbove).
 */
export function useNoticePlacement(): NoticePlacement {
  const { direction } = useLanguage();
  return direction === 'rtl' ? 'bottomLeft' : 'bottomRight';
}

// Keeping the stack clear of reply boxes. A notice at the bottom (as wide as the screen on a phone) covered
// the inbox's reply box while the owner typed. A reply box registers itself; whenever one comes, goes or
// changes size, and before a notice opens, the stack's bottom edge is set above the highest one on screen,
// through antd's `--notification-bottom`, which the stack's element inherits from the page's root.

const NOTICE_GAP_PX = 8;
const replyBoxes = new Set<HTMLElement>();

function keepStackAboveReplyBoxes(): void {
  let clearance = 0;
  for (const box of replyBoxes) {
    const { top, bottom } = box.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) clearance = Math.max(clearance, window.innerHeight - top);
  }
  const root = document.documentElement.style;
  if (clearance > 0) root.setProperty('--notification-bottom', `${Math.ceil(clearance) + NOTICE_GAP_PX}px`);
  else root.removeProperty('--notification-bottom');
}

/** Keeps the notice stack above this element (a reply box at the screen's bottom) while it is on screen. */
export function useKeepNoticesAbove(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    replyBoxes.add(box);
    keepStackAboveReplyBoxes();
    const observer = new ResizeObserver(keepStackAboveReplyBoxes);
    observer.observe(box);
    window.addEventListener('resize', keepStackAboveReplyBoxes);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', keepStackAboveReplyBoxes);
      replyBoxes.delete(box);
      keepStackAboveReplyBoxes();
    };
  }, [ref]);
}

/** Opens a notice of the stack, clear of the reply boxes on screen now. */
export function openNotice(open: () => void): void {
  keepStackAboveReplyBoxes();
  open();
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
        openNotice(() => notification.success({ key: TOAST_KEY, placement, title, description })),
      error: ({ title = t('common.error'), description }: ToastContent) =>
        openNotice(() => notification.error({ key: TOAST_KEY, placement, title, description })),
    }),
    [notification, t, placement],
  );
}
