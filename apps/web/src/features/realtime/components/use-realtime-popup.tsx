import {
  ApiOutlined,
  DisconnectOutlined,
  BellOutlined,
  CheckCircleOutlined,
  MessageOutlined,
  StarOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { App, theme } from 'antd';
import { CHANNEL_HEALTH_PROBLEMS, isPlatform } from '@parley/contracts';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../app/server-text';
import { openNotice, useNoticePlacement } from '../../../app/toast';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useHealthProblemText } from '../../integrations';
import type { PopupEvent, PopupEventType } from '../realtime-events';

/** Spec 001 §9: a notification shows this long. */
export const POPUP_DURATION_MS = 5000;

/** One popup at a time: a new event replaces the one on screen and starts its 5 seconds again. */
const POPUP_KEY = 'realtime-popup';

const ICONS: Record<PopupEventType, ReactNode> = {
  new_customer: <UserAddOutlined />,
  new_lead: <StarOutlined />,
  new_message: <MessageOutlined />,
  message_responded: <CheckCircleOutlined />,
  usage_warning: <WarningOutlined />,
  integration_moved: <ApiOutlined />,
  channel_degraded: <DisconnectOutlined />,
};

/**
 * The popup's sentence in the reader's language, from the event's customer (CustomerEventData); else the
 * server's English wording, translated when it is a sentence we know.
 */
function usePopupText(): (event: PopupEvent) => string | undefined {
  const { t } = useTranslation();
  const serverText = useServerText();
  const platformName = usePlatformName();
  const problemText = useHealthProblemText();
  return useCallback(
    (event: PopupEvent) => {
      if (event.type === 'channel_degraded') {
        const { platform, problems } = event.data ?? {};
        if (isPlatform(platform) && Array.isArray(problems)) {
          const known = CHANNEL_HEALTH_PROBLEMS.filter((problem) => problems.includes(problem));
          return t('realtime.texts.channel_degraded', {
            platform: platformName(platform),
            problems: known.map((problem) => problemText(platform, problem)).join(' '),
          });
        }
      }
      if (event.type === 'integration_moved') {
        const { platform, pages } = event.data ?? {};
        if (typeof platform === 'string' && Array.isArray(pages)) {
          return t('realtime.texts.integration_moved', {
            platform: platformName(platform),
            pages: pages.map((page) => `“${String(page)}”`).join(', '),
          });
        }
      }
      const name = event.data?.customerName;
      if (typeof name === 'string') {
        switch (event.type) {
          case 'new_customer':
          case 'new_lead':
          case 'new_message':
            return t(`realtime.texts.${event.type}`, { name });
          case 'message_responded': {
            const by = event.data?.by;
            if (by === 'ai' || by === 'away' || by === 'page')
              return t(`realtime.texts.responded.${by}`, { name });
            break;
          }
          case 'usage_warning':
          case 'integration_moved':
          case 'channel_degraded':
            break;
        }
      }
      return event.message === '' ? undefined : serverText(event.message);
    },
    [t, serverText, platformName, problemText],
  );
}

/**
 * Shows an event as the notification popup, with its close button. It is a notice of the toasts' stack
 * (app/toast.ts) rather than fixed at the top corner as spec 001 §9 has it: there it covered the page's
 * header buttons and the toasts.
 */
export function useRealtimePopup(): (event: PopupEvent) => void {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const popupText = usePopupText();
  const placement = useNoticePlacement();

  return useCallback(
    (event: PopupEvent) => {
      const color =
        event.type === 'usage_warning' ||
        event.type === 'integration_moved' ||
        event.type === 'channel_degraded'
          ? token.colorWarning
          : token.colorPrimary;
      openNotice(() =>
        notification.open({
          key: POPUP_KEY,
          placement,
          duration: POPUP_DURATION_MS / 1000,
          role: 'status',
          icon: <span style={{ color }}>{ICONS[event.type] ?? <BellOutlined />}</span>,
          title: t(`realtime.titles.${event.type}`),
          description: popupText(event),
          closable: { 'aria-label': t('realtime.close') },
          props: { 'data-testid': 'realtime-popup' },
          style: { borderInlineStart: `4px solid ${color}` },
        }),
      );
    },
    [notification, t, token, popupText, placement],
  );
}
