import { SendOutlined } from '@ant-design/icons';
import { FIELD_LIMITS, LIST_QUERY_LIMIT, type MessageResponse } from '@parley/contracts';
import { Alert, Button, Drawer, Flex, Input, Skeleton, theme, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isRefusal } from '../../app/api-error';
import { useFailureText, useServerText } from '../../app/server-text';
import { useToast } from '../../app/toast';
import { useNow } from '../hooks/use-now';
import { useGetCustomerQuery } from '../../features/customers/api';
import { useListMessagesQuery, useReplyToCustomerMutation } from '../../features/messages/api';
import { useRelativeTimeText } from '../hooks/use-relative-time';
import { ConversationNotice, conversationWindow, personMaySend } from './ConversationNotice';
import { MessageAttachments } from './MessageAttachments';
import { MessageLabelTag } from './MessageLabelTag';
import { MessageStatusTag } from './MessageStatusTag';

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
 * For a customer of a connected channel it says where Meta's window stands and whether the AI is paused;
 * each outgoing message shows how far it got (a /ws `message_status` refreshes it).
 */
export function ThreadDrawer({ customer, focusReply = false, onClose }: ThreadDrawerProps) {
  const { t, i18n } = useTranslation();
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
      // From the end side, as the page reads: the left in Arabic.
      placement={i18n.dir() === 'rtl' ? 'left' : 'right'}
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
  const details = useGetCustomerQuery(customer.id);
  const now = useNow();
  const channelWindow = details.data ? conversationWindow(details.data, now) : null;
  const end = useRef<HTMLDivElement>(null);

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  return (
    <Flex vertical data-testid="thread-drawer" data-customer-id={customer.id} style={{ height: '100%' }}>
      {details.data && <ConversationNotice customer={details.data} channelWindow={channelWindow} now={now} />}
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
          <ThreadMessage key={message.id} message={message} now={now} />
        ))}
        <div ref={end} />
      </Flex>
      <ReplyBox customerId={customer.id} inputRef={replyBox} blocked={!personMaySend(channelWindow)} />
    </Flex>
  );
}

function ThreadMessage({ message, now }: { message: MessageResponse; now: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const timeText = useRelativeTimeText();
  const serverText = useServerText();
  const incoming = message.direction === 'incoming';
  return (
    <Flex
      vertical
      gap={4}
      data-testid="thread-message"
      data-message-id={message.id}
      data-status={message.status}
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
        {!incoming && <MessageStatusTag status={message.status} />}
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {timeText(message.timestamp, now)}
        </Typography.Text>
      </Flex>
      <Typography.Text dir="auto" style={{ whiteSpace: 'pre-wrap', unicodeBidi: 'plaintext' }}>
        {message.content}
      </Typography.Text>
      <MessageAttachments attachments={message.attachments} />
      {!incoming && message.status === 'failed' && (
        <Typography.Text
          type="danger"
          data-testid="thread-message-failure"
          style={{ fontSize: token.fontSizeSM }}
        >
          {message.failureReason ? (
            <>
              {t('messages.thread.notDeliveredBecause')}{' '}
              {/* The provider's words keep their own direction inside the reader's. */}
              <bdi>{serverText(message.failureReason)}</bdi>
            </>
          ) : (
            t('messages.thread.notDelivered')
          )}
        </Typography.Text>
      )}
    </Flex>
  );
}

interface ReplyBoxProps {
  customerId: string;
  inputRef: RefObject<TextAreaRef | null>;
  /** Meta's window allows no message from a person now (the notice above says why). */
  blocked: boolean;
}

function ReplyBox({ customerId, inputRef, blocked }: ReplyBoxProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const toast = useToast();
  const failureText = useFailureText();
  const [content, setContent] = useState('');
  const [reply, { isLoading }] = useReplyToCustomerMutation();

  const send = async () => {
    const text = content.trim();
    if (text === '' || isLoading || blocked) return;
    try {
      await reply({ customerId, content: text }).unwrap();
    } catch (error) {
      // A refusal (outside Meta's window, not reachable) says why; anything else is a plain failure.
      const failed = t('messages.thread.failed');
      const refused = isRefusal(error as ApiError);
      toast.error({
        description: refused ? failureText(error as ApiError, { failed, network: failed }) : failed,
      });
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
        disabled={blocked}
        ref={inputRef}
      />
      <Button
        type="primary"
        icon={<SendOutlined aria-hidden />}
        data-testid="thread-reply-send"
        loading={isLoading}
        disabled={blocked || content.trim() === ''}
        onClick={() => void send()}
      >
        {t('messages.thread.send')}
      </Button>
    </Flex>
  );
}
