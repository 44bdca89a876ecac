import type { MessageResponse } from '@parley/contracts';
import { Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useNow } from '../../../shared/hooks/use-now';
import { MessageLabelTag } from '../../../shared/components/MessageLabelTag';
import { CustomerName } from '../../../shared/components/CustomerName';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { UserTextLine } from '../../../shared/components/UserText';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { TestBadge } from '../../../shared/components/TestBadge';

/** Spec 001 §9: the overview lists this many of the newest messages. */
export const RECENT_MESSAGES = 5;

export function RecentMessages({ messages, loading }: { messages: MessageResponse[]; loading: boolean }) {
  const { t } = useTranslation();
  const timeText = useRelativeTimeText();
  const now = useNow();
  const recent = messages.slice(0, RECENT_MESSAGES);

  return (
    <Card
      title={t('dashboard.recent.title')}
      extra={<Link to="/messages">{t('dashboard.recent.viewAll')}</Link>}
      data-testid="recent-messages"
      style={{ height: '100%' }}
    >
      {loading ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : recent.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.recent.empty')} />
      ) : (
        <Flex vertical gap="middle">
          {recent.map((message) => (
            <Flex
              key={message.id}
              gap="small"
              align="start"
              data-testid="recent-message"
              data-message-id={message.id}
            >
              <PlatformIcon platform={message.platform} size={32} />
              <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                <Flex gap="small" align="center" wrap>
                  <CustomerName
                    name={message.customerName}
                    platform={message.platform}
                    strong
                    testId="recent-message-customer"
                    style={{ maxWidth: '100%' }}
                  />
                  <MessageLabelTag message={message} />
                  <TestBadge isTest={message.isTest} />
                  <Typography.Text type="secondary">{timeText(message.timestamp, now)}</Typography.Text>
                </Flex>
                <UserTextLine text={message.content} />
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}
