import { MailOutlined } from '@ant-design/icons';
import { MANUAL_PLATFORM, type MessageResponse } from '@parley/contracts';
import { Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useServerText } from '../../../app/server-text';
import { MessageAttachments } from '../../../shared/components/MessageAttachments';
import { MessageLabelTag } from '../../../shared/components/MessageLabelTag';
import { MessageStatusTag } from '../../../shared/components/MessageStatusTag';
import { UserText } from '../../../shared/components/UserText';
import { useDateTimeText, useTimeText } from '../../../shared/hooks/use-date-time';
import { usePlatformName } from '../../../shared/hooks/use-platform-name';
import { useInboxTeam } from '../use-team';

/** A thread's messages show more lines than a list's before Show more: the thread is where they are read. */
const THREAD_LINES = 10;

interface ThreadMessageProps {
  message: MessageResponse;
  /** The customer wrote through a connected channel: replies go to them. */
  reachable: boolean;
}

/**
 * One message of a thread: the customer's at the start side, ours at the end side. Ours say who wrote
 * them (AI or a person), which WhatsApp template a person sent, and how far they got, or that nothing was
 * sent to a customer we cannot reach; a person's reply says who sent it ("Replied by Sara"). A campaign or sequence mail sent to the customer as an email subscriber
 * (`message.email`) is ours too, marked as email with its subject: it went by email, not over the chat.
 */
export function ThreadMessage({ message, reachable }: ThreadMessageProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const timeText = useTimeText();
  const dateTime = useDateTimeText();
  const platformName = usePlatformName();
  const serverText = useServerText();
  const incoming = message.direction === 'incoming';
  const { email } = message;
  const small = { fontSize: token.fontSizeSM };
  const author = useReplyAuthor(message);
  return (
    <Flex
      vertical
      gap={4}
      data-testid="thread-message"
      data-message-id={message.id}
      data-direction={message.direction}
      data-status={message.status}
      data-kind={email ? 'email' : 'chat'}
      style={{
        alignSelf: incoming ? 'flex-start' : 'flex-end',
        maxWidth: 'min(85%, 560px)',
        minWidth: 0,
        padding: '8px 12px',
        borderRadius: token.borderRadiusLG,
        background: incoming ? token.colorFillSecondary : token.colorPrimaryBg,
      }}
    >
      {email && (
        <Typography.Text strong data-testid="thread-message-subject">
          <MailOutlined aria-hidden style={{ marginInlineEnd: 6 }} />
          {/* The owner's subject keeps its own direction inside the reader's. */}
          <bdi>{email.subject}</bdi>
        </Typography.Text>
      )}
      <UserText text={message.content} lines={THREAD_LINES} testId="thread-message-content" />
      <MessageAttachments attachments={message.attachments} />
      <Flex gap="small" align="center" wrap justify={incoming ? 'start' : 'end'}>
        {!incoming &&
          (email ? (
            <Tag color="cyan" data-testid="message-label" data-label="email">
              {t('inbox.thread.email')}
            </Tag>
          ) : (
            <MessageLabelTag message={message} />
          ))}
        {author && (
          <Typography.Text type="secondary" style={small} data-testid="thread-message-author">
            {/* A member's name keeps its own direction inside the reader's. */}
            {t('inbox.thread.repliedBy', { name: `\u2068${author}\u2069` })}
          </Typography.Text>
        )}
        {message.template && (
          <Typography.Text type="secondary" style={small} data-testid="thread-message-template">
            {t('inbox.template.sentAs', { name: message.template.name })}
          </Typography.Text>
        )}
        {!incoming && reachable && !email && <MessageStatusTag status={message.status} />}
        <Typography.Text type="secondary" style={small} title={dateTime(message.timestamp)}>
          {timeText(message.timestamp)}
        </Typography.Text>
      </Flex>
      {email && (
        <Typography.Text type="secondary" style={small} data-testid="thread-message-email">
          {t('inbox.thread.sentByEmail')}
        </Typography.Text>
      )}
      {!incoming && !reachable && !email && (
        <Typography.Text type="warning" style={small} data-testid="thread-message-undelivered">
          {message.isTest
            ? t('testData.notSent')
            : message.platform === MANUAL_PLATFORM
              ? t('inbox.thread.keptInParley')
              : t('inbox.thread.notConnected', { platform: platformName(message.platform) })}
        </Typography.Text>
      )}
      {!incoming && reachable && message.status === 'failed' && (
        <Typography.Text type="danger" style={small} data-testid="thread-message-failure">
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

/**
 * Who sent a person's reply (docs/teams.md, "Who replied"): the name it recorded, else the member its id names
 * now; a reply from before teams was the owner's. Undefined for the customer's messages, the AI's and the away
 * message's (their labels say it), mails, and when no name is known.
 */
function useReplyAuthor(message: MessageResponse): string | undefined {
  const team = useInboxTeam();
  if (message.direction === 'incoming' || message.aiGenerated || message.awayMessage || message.email) {
    return undefined;
  }
  if (message.authorName) return message.authorName;
  if (message.authorId) return team.nameOf(message.authorId);
  return team.ownerName;
}
