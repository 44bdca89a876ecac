import type { MessageStatus } from '@parley/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Waiting, answered, and an outgoing message's way to the customer: queued → sent → delivered → read, or
 * failed; or simulated (to a test customer: it went nowhere).
 */
const STATUS_COLORS: Record<MessageStatus, string> = {
  pending: 'orange',
  responded: 'green',
  received: 'default',
  queued: 'default',
  sent: 'blue',
  delivered: 'cyan',
  read: 'green',
  failed: 'red',
  simulated: 'purple',
};

/** A message's status in words (the thread, the Message Center). */
export function MessageStatusTag({ status }: { status: MessageStatus }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={STATUS_COLORS[status]}
      data-testid="message-status"
      data-status={status}
      style={{ marginInlineEnd: 0 }}
    >
      {t(`messages.statuses.${status}`)}
    </Tag>
  );
}
