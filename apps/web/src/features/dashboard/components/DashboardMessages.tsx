import type { MessageResponse, MessageStatus } from '@parley/contracts';
import { Button, Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useLanguage } from '../../language';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { CustomerName } from '../../../shared/components/CustomerName';
import { UserText } from '../../../shared/components/UserText';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { TestBadge } from '../../../shared/components/TestBadge';
import { useCan } from '../../team';

/** Spec 001 §4: pending red (Needs Response), responded green, read blue, any other grey. */
const STATUS_COLORS: Partial<Record<MessageStatus, string>> = {
  pending: 'red',
  responded: 'green',
  read: 'blue',
};

interface DashboardMessagesProps {
  messages: MessageResponse[];
  loading: boolean;
  onViewDetails: (message: MessageResponse) => void;
}

/** The dashboard's Messages tab (spec 001 §2). */
export function DashboardMessages({ messages, loading, onViewDetails }: DashboardMessagesProps) {
  const { t } = useTranslation();
  const can = useCan();
  const { language } = useLanguage();
  const platformName = usePlatformName();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const statusText = (status: MessageStatus) =>
    status === 'pending' ? t('dashboard.messages.needsResponse') : t(`messages.statuses.${status}`);

  if (loading) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (messages.length === 0) {
    return (
      <Card data-testid="dashboard-messages-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <Flex vertical gap={4}>
              <Typography.Text strong>{t('dashboard.messages.emptyTitle')}</Typography.Text>
              <Typography.Text type="secondary">{t('dashboard.messages.emptyHint')}</Typography.Text>
            </Flex>
          }
        >
          {can('configureAi') && (
            <ButtonLink to="/business-setup" type="primary">
              {t('dashboard.completeSetup')}
            </ButtonLink>
          )}
        </Empty>
      </Card>
    );
  }

  return (
    <Flex vertical gap="small" role="list" data-testid="dashboard-messages">
      {messages.map((message) => (
        <Card
          key={message.id}
          size="small"
          role="listitem"
          data-testid="dashboard-message"
          data-message-id={message.id}
        >
          <Flex gap="middle" align="start" wrap>
            <PlatformIcon platform={message.platform} />
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 200 }}>
              <Flex gap="small" align="center" wrap>
                <CustomerName
                  name={message.customerName}
                  platform={message.platform}
                  strong
                  testId="dashboard-message-customer"
                  style={{ maxWidth: '100%' }}
                />
                <Tag>{platformName(message.platform)}</Tag>
                <TestBadge isTest={message.isTest} />
                <Tag color="orange">{t('dashboard.messages.medium')}</Tag>
                <Typography.Text type="secondary">
                  {message.timestamp ? dateTime.format(new Date(message.timestamp)) : t('time.unknown')}
                </Typography.Text>
              </Flex>
              <UserText text={message.content} />
            </Flex>
            <Flex vertical gap="small" align="end">
              <Tag
                color={STATUS_COLORS[message.status] ?? 'default'}
                data-testid="dashboard-message-status"
                data-color={STATUS_COLORS[message.status] ?? 'grey'}
              >
                {statusText(message.status)}
              </Tag>
              <Button
                size="small"
                data-testid="dashboard-message-details"
                onClick={() => onViewDetails(message)}
              >
                {t('dashboard.messages.viewDetails')}
              </Button>
            </Flex>
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
