import type { MessageResponse } from '@parley/contracts';
import { Alert, Flex, Grid, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerName } from '../../../shared/components/CustomerName';
import { EmptyState } from '../../../shared/components/EmptyState';
import { MessageStatusTag } from '../../../shared/components/MessageStatusTag';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { UserText } from '../../../shared/components/UserText';
import { useNow } from '../../../shared/hooks/use-now';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { useListMessagesQuery } from '../../messages/api';
import { MESSAGE_CENTER_LIMIT, MESSAGE_CENTER_POLLING_MS } from '../api';
import { NoPlatformsNotice } from '../../integrations';
import { useTestDataFilter } from '../../../shared/hooks/use-show-test-data';

/**
 * Message Center (spec 001 §2, §9): the 20 newest messages, refetched every 10 seconds; /ws events
 * (a new message, a delivery status) refresh it sooner.
 */
export function MessageCenter({ noPlatforms }: { noPlatforms: boolean }) {
  const { t } = useTranslation();
  const platformName = usePlatformName();
  const timeText = useRelativeTimeText();
  const now = useNow();
  // A phone has no room for six columns: each message becomes one cell, its details on a line above it.
  const compact = !Grid.useBreakpoint().md;
  const messages = useListMessagesQuery(
    { limit: MESSAGE_CENTER_LIMIT, ...useTestDataFilter() },
    { pollingInterval: MESSAGE_CENTER_POLLING_MS },
  );
  const rows = (messages.data?.items ?? []).slice(0, MESSAGE_CENTER_LIMIT);

  const customerName = (message: MessageResponse) => (
    <CustomerName
      strong
      testId="message-center-customer"
      name={message.customerName}
      platform={message.platform}
      style={{ maxWidth: 200 }}
    />
  );
  const platformCell = (message: MessageResponse) => (
    <Flex align="center" gap="small">
      <PlatformIcon platform={message.platform} size={24} />
      <span>{platformName(message.platform)}</span>
    </Flex>
  );
  const direction = (message: MessageResponse) => (
    <Tag
      color={message.direction === 'incoming' ? 'blue' : 'purple'}
      data-testid="message-center-direction"
      style={{ marginInlineEnd: 0 }}
    >
      {t(`socialMedia.messages.directions.${message.direction}`)}
    </Tag>
  );
  const status = (message: MessageResponse) => (
    <Flex vertical gap={2} align="start">
      <MessageStatusTag status={message.status} />
      {message.status === 'failed' && message.failureReason && (
        <Typography.Text type="danger" dir="auto" style={{ fontSize: 12, unicodeBidi: 'plaintext' }}>
          {message.failureReason}
        </Typography.Text>
      )}
    </Flex>
  );
  const content = (message: MessageResponse, maxWidth?: number) => (
    <UserText text={message.content} lines={2} testId="message-center-content" style={{ maxWidth }} />
  );
  const time = (message: MessageResponse) => (
    <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
      {timeText(message.timestamp, now)}
    </Typography.Text>
  );

  const columns: TableColumnsType<MessageResponse> = compact
    ? [
        {
          key: 'message',
          title: t('socialMedia.messages.content'),
          render: (_, message) => (
            <Flex vertical gap={6}>
              <Flex align="center" justify="space-between" gap="small">
                {customerName(message)}
                {time(message)}
              </Flex>
              <Flex align="center" gap="small" wrap>
                {platformCell(message)}
                {direction(message)}
                {status(message)}
              </Flex>
              {content(message)}
            </Flex>
          ),
        },
      ]
    : [
        { key: 'customer', title: t('socialMedia.messages.customer'), render: (_, m) => customerName(m) },
        { key: 'platform', title: t('socialMedia.messages.platform'), render: (_, m) => platformCell(m) },
        { key: 'direction', title: t('socialMedia.messages.direction'), render: (_, m) => direction(m) },
        { key: 'status', title: t('socialMedia.messages.status'), render: (_, m) => status(m) },
        { key: 'content', title: t('socialMedia.messages.content'), render: (_, m) => content(m, 360) },
        { key: 'time', title: t('socialMedia.messages.time'), render: (_, m) => time(m) },
      ];

  return (
    <Flex vertical gap="middle" data-testid="message-center">
      {noPlatforms && <NoPlatformsNotice text={t('integrations.noPlatforms')} />}
      {messages.isError && <Alert type="error" showIcon title={t('messages.loadFailed')} />}
      {!messages.isLoading && rows.length === 0 ? (
        <EmptyState
          testId="message-center-empty"
          title={t('socialMedia.messages.emptyTitle')}
          hint={t('socialMedia.messages.emptyHint')}
        />
      ) : (
        <Table<MessageResponse>
          data-testid="message-center-table"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={messages.isLoading}
          pagination={false}
          showHeader={!compact}
          scroll={compact ? undefined : { x: 'max-content' }}
          onRow={(message) =>
            ({
              'data-testid': 'message-center-row',
              'data-message-id': message.id,
              'data-status': message.status,
            }) as HTMLAttributes<HTMLElement>
          }
        />
      )}
    </Flex>
  );
}
