import { DownOutlined, UserOutlined } from '@ant-design/icons';
import type { ConversationResponse } from '@parley/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { useUpdateConversationMutation } from '../api';
import { useInboxTeam } from '../use-team';

/** The menu's key for "nobody" (a member's key is their user id). */
const UNASSIGNED = 'unassigned';

interface AssignMenuProps {
  conversation: Pick<ConversationResponse, 'customerId' | 'assigneeId'>;
  /** The list's row: a small text button; the thread header: a button with the arrow. */
  compact?: boolean;
  testId: string;
}

/**
 * Who the conversation is assigned to, and a menu of the team's members (GET /api/team/members) and
 * "Unassigned" to change it (PATCH assigneeId; any member may). An assignee who left the team is "a former
 * member" until someone assigns again.
 */
export function AssignMenu({ conversation, compact = false, testId }: AssignMenuProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const failureText = useFailureText();
  const team = useInboxTeam();
  const [update, { isLoading }] = useUpdateConversationMutation();
  const { assigneeId } = conversation;
  const assigneeName =
    assigneeId === null ? undefined : (team.nameOf(assigneeId) ?? t('inbox.assign.formerMember'));
  const label = assigneeName ?? (compact ? t('inbox.assign.label') : t('inbox.assign.unassigned'));
  const you = (userId: string, name: string) =>
    userId === team.selfId ? t('inbox.assign.you', { name }) : name;

  const assign = async (next: string | null) => {
    if (next === assigneeId) return;
    const failed = t('inbox.assign.failed');
    try {
      await update({ customerId: conversation.customerId, assigneeId: next }).unwrap();
    } catch (error) {
      toast.error({ description: failureText(error as ApiError, { failed, network: failed }) });
      return;
    }
    toast.success({
      description:
        next === null
          ? t('inbox.assign.unassignedDone')
          : t('inbox.assign.assignedDone', { name: team.nameOf(next) ?? '' }),
    });
  };

  const items: MenuProps['items'] = [
    { key: UNASSIGNED, label: t('inbox.assign.unassigned') },
    ...(team.members.length > 0 ? [{ type: 'divider' as const }] : []),
    // A member's name keeps its own direction inside the reader's.
    ...team.members.map((member) => ({
      key: member.userId,
      label: <bdi>{you(member.userId, member.name)}</bdi>,
    })),
    ...(team.failed ? [{ key: 'failed', label: t('inbox.assign.loadFailed'), disabled: true }] : []),
  ];

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items,
        selectable: true,
        selectedKeys: [assigneeId ?? UNASSIGNED],
        onClick: ({ key }) => void assign(key === UNASSIGNED ? null : key),
      }}
    >
      <Button
        size="small"
        type={compact ? 'text' : 'default'}
        icon={<UserOutlined aria-hidden />}
        loading={isLoading}
        data-testid={testId}
        data-assignee-id={assigneeId ?? ''}
        aria-label={
          assigneeName === undefined
            ? t('inbox.assign.change')
            : `${t('inbox.assign.assignedTo', { name: assigneeName })}. ${t('inbox.assign.change')}`
        }
        title={t('inbox.assign.change')}
        style={compact ? { paddingInline: 4, maxWidth: '100%' } : { maxWidth: 220 }}
      >
        <bdi style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {assigneeName === undefined || assigneeId === null ? label : you(assigneeId, assigneeName)}
        </bdi>
        {!compact && <DownOutlined aria-hidden style={{ fontSize: 10 }} />}
      </Button>
    </Dropdown>
  );
}
