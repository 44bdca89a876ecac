import type { MessageResponse } from '@parley/contracts';
import { UserOutlined } from '@ant-design/icons';
import { Card, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { awaitsReply } from '../../../shared/format/message-format';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { MessageLabelTag } from '../../../shared/components/MessageLabelTag';
import { CustomerName } from '../../../shared/components/CustomerName';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { UserText } from '../../../shared/components/UserText';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { inboxPath } from '../../inbox';
import { TestBadge } from '../../../shared/components/TestBadge';

interface MessageCardProps {
  message: MessageResponse;
  now: number;
}

/** One message of the list (spec 000 §2); View Thread and Respond open the customer's conversation in the inbox. */
export function MessageCard({ message, now }: MessageCardProps) {
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
            <CustomerName
              strong
              testId="message-customer"
              name={message.customerName}
              platform={message.platform}
              style={{ maxWidth: '100%' }}
            />
            <MessageLabelTag message={message} />
            <TestBadge isTest={message.isTest} />
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
          <UserText text={message.content} testId="message-content" />
        </Flex>
        <Flex gap="small">
          <ButtonLink data-testid="message-view-thread" to={inboxPath(message.customerId)}>
            {t('messages.viewThread')}
          </ButtonLink>
          {awaitsReply(message) && (
            <ButtonLink
              type="primary"
              data-testid="message-respond"
              to={inboxPath(message.customerId, { reply: true })}
            >
              {t('messages.respond')}
            </ButtonLink>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
