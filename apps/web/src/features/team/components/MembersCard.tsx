import { CrownOutlined, UserDeleteOutlined } from '@ant-design/icons';
import { App, Avatar, Button, type ButtonProps, Card, Flex, Select, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../shared/components/EmptyState';
import { SkeletonRows } from '../../../shared/components/SkeletonRows';
import { useDateText } from '../../../shared/hooks/use-date-time';
import {
  useChangeMemberRoleMutation,
  useGetMembersQuery,
  useRemoveMemberMutation,
  useTransferOwnershipMutation,
} from '../api';
import { useCan } from '../use-can';
import { INVITABLE_ROLES, type InvitableRole, type TeamMember } from '../team-types';
import { RoleTag } from './RoleTag';

/**
 * The workspace's members with their roles. Owners and admins change a member's role and remove members;
 * the owner also hands the workspace to an admin. Nobody changes or removes themselves or the owner here.
 */
export function MembersCard({ meId }: { meId: string }) {
  const { t } = useTranslation();
  const members = useGetMembersQuery();

  const body = () => {
    if (members.isLoading) return <SkeletonRows testId="team-members-skeleton" />;
    if (members.isError || !members.data)
      return (
        <EmptyState
          testId="team-members-error"
          title={t('team.members.loadFailed')}
          hint={t('common.tryAgainLater')}
        />
      );
    return (
      <Flex vertical role="list" aria-label={t('team.members.title')} data-testid="team-members">
        {members.data.map((member) => (
          <MemberRow key={member.userId} member={member} isMe={member.userId === meId} />
        ))}
      </Flex>
    );
  };

  return (
    <Card title={t('team.members.title')} data-testid="team-members-card">
      {body()}
    </Card>
  );
}

function MemberRow({ member, isMe }: { member: TeamMember; isMe: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const can = useCan();
  const toast = useToast();
  const failureText = useFailureText();
  const dateText = useDateText();
  const [changeRole, changing] = useChangeMemberRoleMutation();
  const [removeMember] = useRemoveMemberMutation();
  const [transferOwnership] = useTransferOwnershipMutation();
  const name = member.name.trim() || member.email.split('@')[0];
  const manageable = can('manageMembers') && !isMe && member.role !== 'owner';

  const failed = (error: unknown, key: 'roleFailed' | 'removeFailed' | 'transferFailed') => {
    const text = t(`team.members.${key}`);
    toast.error({ description: failureText(error as ApiError, { failed: text, network: text }) });
  };

  const onRole = async (role: InvitableRole) => {
    try {
      await changeRole({ userId: member.userId, role }).unwrap();
      toast.success({ description: t('team.members.roleChanged', { name, role: t(`team.roles.${role}`) }) });
    } catch (error) {
      failed(error, 'roleFailed');
    }
  };

  const confirmRemove = () =>
    modal.confirm({
      title: t('team.members.remove.title', { name }),
      content: t('team.members.remove.confirm', { name }),
      okText: t('team.members.remove.submit'),
      okButtonProps: { danger: true, 'data-testid': 'team-remove-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await removeMember(member.userId).unwrap();
          toast.success({ description: t('team.members.remove.removed', { name }) });
        } catch (error) {
          failed(error, 'removeFailed');
        }
      },
    });

  const confirmTransfer = () =>
    modal.confirm({
      title: t('team.members.transfer.title', { name }),
      content: t('team.members.transfer.confirm', { name }),
      okText: t('team.members.transfer.submit'),
      okButtonProps: { danger: true, 'data-testid': 'team-transfer-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await transferOwnership(member.userId).unwrap();
          toast.success({ description: t('team.members.transfer.done', { name }) });
        } catch (error) {
          failed(error, 'transferFailed');
        }
      },
    });

  return (
    <Flex
      role="listitem"
      data-testid="team-member"
      data-user-id={member.userId}
      align="center"
      gap="middle"
      wrap
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Avatar style={{ backgroundColor: token.colorPrimary, flexShrink: 0 }} aria-hidden>
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ flex: '1 1 180px', minWidth: 0 }}>
        <Typography.Text strong ellipsis data-testid="team-member-name">
          {name}
          {isMe && (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {' '}
              {t('team.members.you')}
            </Typography.Text>
          )}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis data-testid="team-member-email">
          <bdi>{member.email}</bdi>
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {t('team.members.joined', { date: dateText(member.joinedAt) })}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap="small" wrap>
        {manageable ? (
          <Select<InvitableRole>
            value={member.role as InvitableRole}
            aria-label={t('team.members.roleOf', { name })}
            data-testid="team-member-role-select"
            loading={changing.isLoading}
            style={{ minWidth: 120 }}
            onChange={(role) => void onRole(role)}
            options={INVITABLE_ROLES.map((role) => ({ value: role, label: t(`team.roles.${role}`) }))}
          />
        ) : (
          <RoleTag role={member.role} testId="team-member-role" />
        )}
        {can('transferOwnership') && member.role === 'admin' && !isMe && (
          <Button
            icon={<CrownOutlined aria-hidden />}
            data-testid="team-member-transfer"
            onClick={confirmTransfer}
          >
            {t('team.members.transfer.open')}
          </Button>
        )}
        {manageable && (
          <Button
            danger
            icon={<UserDeleteOutlined aria-hidden />}
            data-testid="team-member-remove"
            onClick={confirmRemove}
          >
            {t('team.members.remove.open')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
