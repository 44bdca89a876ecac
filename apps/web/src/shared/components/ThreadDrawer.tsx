import { SendOutlined } from '@ant-design/icons';
import { FIELD_LIMITS, LIST_QUERY_LIMIT, type MessageResponse } from '@parley/contracts';
import { Alert, Button, Drawer, Flex, Input, Skeleton, theme, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../app/toast';
import { useNow } from '../hooks/use-now';
import { useListMessagesQuery, useReplyToCustomerMutation } from '../../features/messages/api';
import { useRelativeTimeText } from '../hooks/use-relative-time';
import { MessageLabelTag } from './MessageLabelTag';

/** Whose conversation the drawer shows. */
export interface ThreadCustomer {
  id: string;
  name: string | null;
}

interface ThreadDrawerProps {
  /** Null: closed. */
  customer: ThreadCustomer | null;
  /** Put the cursor in the reply box on opening (Respond, Contact, Send Message). */
  focusReply?: boolean;
  onClose: () => void;
}

/**
 * One customer's conversation, oldest to newest, with a box for a manual reply (POST /api/messages/reply).
 * Opened from the inbox (View Thread, Respond), the customers table (Contact) and the customer details.
 */
export function ThreadDrawer({ customer, focusReply = false, onClose }: ThreadDrawerProps) {
  const { t } = useTranslation();
  const replyBox = useRef<TextAreaRef>(null);
  const name = customer?.name || t('messages.unknownCustomer');
  return (
    <Drawer
      open={customer !== null}
      onClose={onClose}
      // The drawer takes the focus while it opens; the reply box gets it once the drawer is open.
      afterOpenChange={(open) => {
        if (open && focusReply) replyBox.current?.focus();
      }}
      title={t('messages.thread.title', { name })}
      size={520}
      destroyOnHidden
      styles={{ body: { display: 'flex', flexDirection: 'column', padding: 0 } }}
    >
      {customer && <Thread customer={customer} replyBox={replyBox} />}
    </Drawer>
  );
}

function Thread({
  customer,
  replyBox,
}: {
  customer: ThreadCustomer;
  replyBox: RefObject<TextAreaRef | null>;
}) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useListMessagesQuery({
    customerId: customer.id,
    limit: LIST_QUERY_LIMIT.max,
  });
  const messages = useMemo(() => [...(data?.items ?? [])].reverse(), [data]);
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  return (
    <Flex vertical data-testid="thread-drawer" data-customer-id={customer.id} style={{ height: '100%' }}>
      <Flex
        vertical
        gap="small"
        style={{ flex: 1, overflowY: 'auto', padding: 24 }}
        data-testid="thread-messages"
      >
        {isLoading && <Skeleton active paragraph={{ rows: 4 }} />}
        {isError && <Alert type="error" showIcon title={t('messages.thread.loadFailed')} />}
        {data?.nextCursor && (
          <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
            {t('messages.thread.latestOnly', { count: LIST_QUERY_LIMIT.max })}
          </Typography.Text>
        )}
        {!isLoading && !isError && messages.length === 0 && (
          <Typography.Text type="secondary" data-testid="thread-empty">
            {t('messages.thread.empty')}
          </Typography.Text>
        )}
        {messages.map((message) => (
          <ThreadMessage key={message.id} message={message} />
        ))}
        <div ref={end} />
      </Flex>
      <ReplyBox customerId={customer.id} inputRef={replyBox} />
    </Flex>
  );
}

function ThreadMessage({ message }: { message: MessageResponse }) {
  const { token } = theme.useToken();
  const timeText = useRelativeTimeText();
  const now = useNow();
  const incoming = message.direction === 'incoming';
  return (
    <Flex
      vertical
      gap={4}
      data-testid="thread-message"
      data-message-id={message.id}
      style={{
        alignSelf: incoming ? 'flex-start' : 'flex-end',
        maxWidth: '85%',
        padding: '8px 12px',
        borderRadius: token.borderRadiusLG,
        background: incoming ? token.colorFillSecondary : token.colorPrimaryBg,
      }}
    >
      <Flex gap="small" align="center" wrap>
        <MessageLabelTag message={message} />
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {timeText(message.timestamp, now)}
        </Typography.Text>
      </Flex>
      <Typography.Text dir="auto" style={{ whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext' }}>
        {message.content}
      </Typography.Text>
    </Flex>
  );
}

function ReplyBox({ customerId, inputRef }: { customerId: string; inputRef: RefObject<TextAreaRef | null> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const [content, setContent] = useState('');
  const [reply, { isLoading }] = useReplyToCustomerMutation();

  const send = async () => {
    const text = content.trim();
    if (text === '' || isLoading) return;
    try {
      await reply({ customerId, content: text }).unwrap();
    } catch {
      toast.error({ description: t('messages.thread.failed') });
      return;
    }
    setContent('');
    toast.success({ description: t('messages.thread.sent') });
  };

  return (
    <Flex gap="small" align="end" style={{ padding: 16, borderTop: `1px solid ${token.colorSplit}` }}>
      <Input.TextArea
        data-testid="thread-reply-input"
        dir="auto"
        aria-label={t('messages.thread.replyLabel')}
        placeholder={t('messages.thread.replyPlaceholder')}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        maxLength={FIELD_LIMITS.messageContent}
        autoSize={{ minRows: 2, maxRows: 6 }}
        ref={inputRef}
      />
      <Button
        type="primary"
        icon={<SendOutlined aria-hidden />}
        data-testid="thread-reply-send"
        loading={isLoading}
        disabled={content.trim() === ''}
        onClick={() => void send()}
      >
        {t('messages.thread.send')}
      </Button>
    </Flex>
  );
}
