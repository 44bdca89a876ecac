import type { MessageResponse } from '@parley/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { awaitsReply } from '../../../shared/format/message-format';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { MessageLabelTag } from '../../../shared/components/MessageLabelTag';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';

interface MessageCardProps {
  message: MessageResponse;
  now: number;
  /** View Thread, or Respond (`reply` true): both open the customer's conversation. */
  onOpenThread: (message: MessageResponse, reply: boolean) => void;
}

/** One message of the inbox (spec 000 §2). */
export function MessageCard({ message, now, onOpenThread }: MessageCardProps) {
  const { t } = useTranslation();
  const timeText = useRelativeTimeText();

  return (
    <Card
      size="small"
      data-testid="message-card"
      data-message-id={message.id}
      data-customer-id={message.customerId}
      data-status={message.status}
      data-needs-human={message.needsHuman}
    >
      <Flex gap="middle" align="start" wrap>
        <PlatformIcon platform={message.platform} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
          <Flex gap="small" align="center" wrap>
            <Typography.Text strong data-testid="message-customer">
              {message.customerName ?? t('messages.unknownCustomer')}
            </Typography.Text>
            <MessageLabelTag message={message} />
            {message.needsHuman && (
              <Tooltip title={t('messages.needsHumanHint')}>
                <Tag color="volcano" icon={<UserOutlined aria-hidden />} data-testid="message-needs-human">
                  {t('messages.needsHuman')}
                </Tag>
              </Tooltip>
            )}
            <Typography.Text type="secondary" data-testid="message-time">
              {timeText(message.timestamp, now)}
            </Typography.Text>
            {message.responseTime !== null && message.responseTime !== undefined && (
              <Typography.Text type="secondary" data-testid="message-response-time">
                {t('messages.responseTime', { seconds: message.responseTime })}
              </Typography.Text>
            )}
          </Flex>
          {/* antd's RTL class sets `direction`, which beats dir="auto": plaintext orders (and aligns) each
              paragraph by its own first letter, so English in the Arabic interface keeps its punctuation. */}
          <Typography.Paragraph
            data-testid="message-content"
            dir="auto"
            style={{ margin: 0, whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext' }}
          >
            {message.content}
          </Typography.Paragraph>
        </Flex>
        <Flex gap="small">
          <Button data-testid="message-view-thread" onClick={() => onOpenThread(message, false)}>
            {t('messages.viewThread')}
          </Button>
          {awaitsReply(message) && (
            <Button type="primary" data-testid="message-respond" onClick={() => onOpenThread(message, true)}>
              {t('messages.respond')}
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
