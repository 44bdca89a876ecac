import {
  BellOutlined,
  CheckCircleOutlined,
  CloseOutlined,
  MessageOutlined,
  StarOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../app/server-text';
import type { PopupEvent, PopupEventType } from '../realtime-events';

const ICONS: Record<PopupEventType, ReactNode> = {
  new_customer: <UserAddOutlined />,
  new_lead: <StarOutlined />,
  new_message: <MessageOutlined />,
  message_responded: <CheckCircleOutlined />,
  usage_warning: <WarningOutlined />,
};

/** Fixed at the top corner on the end side (top right, top left in Arabic), above everything. */
export function RealtimePopup({ event, onClose }: { event: PopupEvent; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const serverText = useServerText();
  const warning = event.type === 'usage_warning';

  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="realtime-popup"
      data-event-type={event.type}
      style={{
        position: 'fixed',
        top: 16,
        insetInlineEnd: 16,
        zIndex: token.zIndexPopupBase + 100,
        width: 340,
        maxWidth: 'calc(100vw - 32px)',
        padding: '12px 16px',
        background: token.colorBgElevated,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowSecondary,
        borderInlineStart: `4px solid ${warning ? token.colorWarning : token.colorPrimary}`,
      }}
    >
      <Flex gap="small" align="start">
        <span aria-hidden style={{ color: warning ? token.colorWarning : token.colorPrimary, fontSize: 18 }}>
          {ICONS[event.type] ?? <BellOutlined />}
        </span>
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong data-testid="realtime-popup-title">
            {t(`realtime.titles.${event.type}`)}
          </Typography.Text>
          {event.message !== '' && (
            <Typography.Text data-testid="realtime-popup-message">
              {serverText(event.message)}
            </Typography.Text>
          )}
        </Flex>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined aria-hidden />}
          aria-label={t('realtime.close')}
          data-testid="realtime-popup-close"
          onClick={onClose}
        />
      </Flex>
    </div>
  );
}
