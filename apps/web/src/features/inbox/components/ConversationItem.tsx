import { PauseCircleOutlined, UserOutlined } from '@ant-design/icons';
import type { ConversationResponse } from '@parley/contracts';
import { Badge, Flex, Tag, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PlatformIcon } from '../../../shared/components/PlatformIcon';
import { CustomerName } from '../../../shared/components/CustomerName';
import { UserTextLine } from '../../../shared/components/UserText';
import { useRelativeTimeText } from '../../../shared/hooks/use-relative-time';
import { StageTag } from '../../customers';
import { TestBadge } from '../../../shared/components/TestBadge';
import { AssignMenu } from './AssignMenu';
import { useInboxTeam } from '../use-team';

/** The most the assignment menu takes at the end of a row. */
const ASSIGN_WIDTH = 120;

interface ConversationItemProps {
  conversation: ConversationResponse;
  selected: boolean;
  to: string;
  now: number;
}

/**
 * One conversation of the list, a link to it: who, when, the last message on one line (ours say who wrote
 * it), the unread count, the stage, and whether a person is needed, the AI is paused or it is closed. Who it
 * is assigned to, with the menu to change it, sits beside the link (a button cannot be inside a link).
 */
export function ConversationItem({ conversation, selected, to, now }: ConversationItemProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const timeText = useRelativeTimeText();
  const { lastMessage, unreadCount } = conversation;
  const unread = unreadCount > 0;
  const small = { fontSize: token.fontSizeSM };
  const team = useInboxTeam();
  /**
   * "You:" for the member's own reply, the teammate's name for another's. A reply with no author is the
   * owner's (from before teams, docs/teams.md) or was sent from the page's own inbox.
   */
  const personPrefix = (authorId: string | undefined) => {
    if (team.loading) return undefined; // said once the names are known, not as "a former member" meanwhile
    const author = authorId ?? team.members.find((m) => m.role === 'owner')?.userId;
    if (author === undefined || author === team.selfId) return t('inbox.list.fromPerson');
    // Isolated, so a name in another script keeps its own direction before the colon.
    const name = team.nameOf(author) ?? t('inbox.assign.formerMember');
    return t('inbox.list.fromMember', { name: `\u2068${name}\u2069` });
  };
  const from =
    lastMessage?.direction !== 'outgoing'
      ? undefined
      : lastMessage.aiGenerated
        ? t('inbox.list.fromAi')
        : personPrefix(lastMessage.authorId);

  return (
    <div role="listitem" style={{ position: 'relative' }}>
      <Link
        to={to}
        aria-current={selected ? 'true' : undefined}
        data-testid="conversation-item"
        data-customer-id={conversation.customerId}
        data-unread={unreadCount}
        data-closed={conversation.closed}
        style={{
          display: 'flex',
          gap: 10,
          padding: '10px 12px',
          color: token.colorText,
          background: selected ? token.controlItemBgActive : undefined,
          borderBottom: `1px solid ${token.colorSplit}`,
          borderInlineStart: `3px solid ${selected ? token.colorPrimary : 'transparent'}`,
        }}
      >
        <PlatformIcon platform={conversation.platform} size={36} />
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex align="baseline" gap="small">
            <CustomerName
              name={conversation.customerName}
              platform={conversation.platform}
              strong={unread}
              testId="conversation-name"
              style={{ flex: 1 }}
            />
            <Typography.Text
              type="secondary"
              data-testid="conversation-time"
              style={{ ...small, whiteSpace: 'nowrap' }}
            >
              {timeText(conversation.lastActivityAt, now)}
            </Typography.Text>
          </Flex>
          <Flex align="center" gap={4} style={{ minWidth: 0 }}>
            {from && (
              <Typography.Text type="secondary" style={{ flexShrink: 0 }} data-testid="conversation-from">
                {from}
              </Typography.Text>
            )}
            <UserTextLine
              text={lastMessage?.content ?? t('inbox.list.noMessages')}
              secondary={!unread}
              testId="conversation-last-message"
              style={{ flex: 1 }}
            />
            {unread && (
              <Badge
                count={unreadCount}
                overflowCount={99}
                color={token.colorPrimary}
                data-testid="conversation-unread"
                aria-label={t('inbox.list.unread', { count: unreadCount })}
              />
            )}
          </Flex>
          {/* Room at the end of the tags' line for the assignment menu laid over it. */}
          <Flex gap={4} wrap style={{ marginTop: 2, paddingInlineEnd: ASSIGN_WIDTH }}>
            <TestBadge isTest={conversation.isTest} />
            <StageTag stage={conversation.stage} />
            {conversation.needsHuman && (
              <Tag color="volcano" icon={<UserOutlined aria-hidden />} data-testid="conversation-needs-human">
                {t('messages.needsHuman')}
              </Tag>
            )}
            {conversation.aiPaused && (
              <Tag icon={<PauseCircleOutlined aria-hidden />} data-testid="conversation-ai-paused">
                {t('inbox.ai.pausedState')}
              </Tag>
            )}
            {conversation.closed && <Tag data-testid="conversation-closed">{t('inbox.list.closed')}</Tag>}
          </Flex>
        </Flex>
      </Link>
      <div
        style={{
          position: 'absolute',
          insetInlineEnd: 8,
          bottom: 8,
          maxWidth: ASSIGN_WIDTH,
          fontSize: token.fontSizeSM,
        }}
      >
        <AssignMenu conversation={conversation} compact testId="conversation-assign" />
      </div>
    </div>
  );
}
