import { LIST_QUERY_LIMIT, type MessageResponse } from '@parley/contracts';
import { Alert, Divider, Flex, Skeleton, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/components/EmptyState';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useNow } from '../../../shared/hooks/use-now';
import { useGetCustomerQuery } from '../../customers/api';
import { useListMessagesQuery } from '../../messages/api';
import { useGetConversationQuery, useUpdateConversationMutation } from '../api';
import { dayName, threadDays } from '../inbox-format';
import { useAnnouncePresence, useThreadPresence } from '../use-thread-presence';
import { PresenceLine } from './PresenceLine';
import { BackButton } from './BackButton';
import { ConversationNotice, conversationWindow, personMaySend } from './ConversationNotice';
import { ReplyBox } from './ReplyBox';
import { TemplateButton } from './TemplateButton';
import { ThreadHeader } from './ThreadHeader';
import { ThreadMessage } from './ThreadMessage';

interface ThreadPaneProps {
  customerId: string;
  /** Put the cursor in the reply box on opening (Respond, Contact, Send Message). */
  focusReply: boolean;
  /** A phone: one pane at a time, with a way back to the list. */
  onBack?: () => void;
  contactOpen: boolean;
  onToggleContact: () => void;
}

/**
 * One customer's conversation: header, Meta's window, the messages oldest first in days, and the reply
 * box. Opening it with unread messages marks them read; a new message while it is open does too. The other
 * members see that this one is here (viewing, typing), and this one sees them ("Sara is replying").
 */
export function ThreadPane({
  customerId,
  focusReply,
  onBack,
  contactOpen,
  onToggleContact,
}: ThreadPaneProps) {
  const { t } = useTranslation();
  const now = useNow();
  const customer = useGetCustomerQuery(customerId);
  const conversation = useGetConversationQuery(customerId).data ?? null;
  const thread = useListMessagesQuery({ customerId, limit: LIST_QUERY_LIMIT.max });
  const replyBox = useRef<TextAreaRef>(null);
  useMarkRead(customerId, conversation?.unreadCount ?? 0, conversation?.lastMessage?.id);
  const typed = useAnnouncePresence(customerId);
  const present = useThreadPresence(customerId);

  // The reply box is there once the customer is.
  const ready = customer.data !== undefined;
  useEffect(() => {
    if (focusReply && ready) replyBox.current?.focus();
  }, [focusReply, customerId, ready]);

  if (customer.isError) {
    return (
      <Flex vertical style={{ flex: 1 }}>
        {onBack && (
          <Flex style={{ padding: '8px 12px' }}>
            <BackButton label={t('inbox.backToList')} testId="thread-back" onClick={onBack} />
          </Flex>
        )}
        <EmptyState
          testId="thread-not-found"
          title={t('inbox.thread.notFound')}
          hint={t('inbox.thread.notFoundHint')}
        />
      </Flex>
    );
  }
  if (!customer.data) return <Skeleton active avatar paragraph={{ rows: 6 }} style={{ padding: 24 }} />;

  const channelWindow = conversationWindow(customer.data, now);
  // A WhatsApp customer we can reach may get an approved template, inside the window or out of it.
  const templates = channelWindow !== null && customer.data.platform === 'whatsapp';
  return (
    <Flex
      vertical
      data-testid="thread"
      data-customer-id={customerId}
      style={{ flex: 1, minWidth: 0, minHeight: 0 }}
      aria-label={t('messages.thread.title', { name: customer.data.name })}
      role="region"
    >
      <ThreadHeader
        customer={customer.data}
        conversation={conversation}
        now={now}
        onBack={onBack}
        contactOpen={contactOpen}
        onToggleContact={onToggleContact}
      />
      <ConversationNotice customer={customer.data} channelWindow={channelWindow} now={now} />
      <ThreadMessages
        messages={thread.data?.items}
        more={Boolean(thread.data?.nextCursor)}
        loading={thread.isLoading}
        failed={thread.isError}
        reachable={customer.data.reachable}
        now={now}
      />
      <PresenceLine present={present} />
      <ReplyBox
        customerId={customerId}
        onTyping={typed}
        blocked={!personMaySend(channelWindow)}
        inputRef={replyBox}
        before={
          templates && (
            <TemplateButton customerId={customerId} only={channelWindow?.state === 'template-only'} />
          )
        }
      />
    </Flex>
  );
}

/**
 * Marks the conversation read when it shows unread messages: on opening, and again when a message arrives
 * while it is open. Each newest message is marked once, so a refused call is not repeated in a loop.
 */
function useMarkRead(customerId: string, unreadCount: number, lastMessageId: string | undefined) {
  const [update] = useUpdateConversationMutation();
  const marked = useRef<string | null>(null);
  useEffect(() => {
    const key = `${customerId}:${lastMessageId ?? ''}`;
    if (unreadCount === 0 || marked.current === key) return;
    marked.current = key;
    // A failure leaves the badge as it is; the next message tries again.
    update({ customerId, read: true }).catch(() => undefined);
  }, [customerId, unreadCount, lastMessageId, update]);
}

interface ThreadMessagesProps {
  /** Newest first, as the API lists them. */
  messages: MessageResponse[] | undefined;
  /** Older messages than these exist. */
  more: boolean;
  loading: boolean;
  failed: boolean;
  reachable: boolean;
  now: number;
}

function ThreadMessages({ messages, more, loading, failed, reachable, now }: ThreadMessagesProps) {
  const { t } = useTranslation();
  const dateText = useDateText();
  const days = useMemo(() => threadDays(messages ?? []), [messages]);
  const end = useRef<HTMLDivElement>(null);
  const newestId = messages?.[0]?.id;

  // Opening a thread, and each new message, shows the newest message.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newestId]);

  const dayText = (day: number) => {
    const name = dayName(day, now);
    return name === 'date' ? dateText(new Date(day).toISOString()) : t(`inbox.thread.${name}`);
  };

  return (
    <Flex
      vertical
      gap="small"
      role="log"
      aria-live="polite"
      data-testid="thread-messages"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: '12px 16px' }}
    >
      {loading && <Skeleton active paragraph={{ rows: 4 }} />}
      {failed && <Alert type="error" showIcon title={t('messages.thread.loadFailed')} />}
      {more && (
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('messages.thread.latestOnly', { count: messages?.length ?? LIST_QUERY_LIMIT.max })}
        </Typography.Text>
      )}
      {!loading && !failed && days.length === 0 && (
        <Typography.Text type="secondary" data-testid="thread-empty" style={{ margin: 'auto' }}>
          {t('messages.thread.empty')}
        </Typography.Text>
      )}
      {days.map(({ day, messages: ofDay }) => (
        <Flex vertical gap="small" key={day} data-testid="thread-day">
          <Divider plain style={{ margin: '4px 0' }}>
            <Typography.Text type="secondary" data-testid="thread-day-name" style={{ fontSize: 12 }}>
              {dayText(day)}
            </Typography.Text>
          </Divider>
          {ofDay.map((message) => (
            <ThreadMessage key={message.id} message={message} reachable={reachable} />
          ))}
        </Flex>
      ))}
      <div ref={end} />
    </Flex>
  );
}
