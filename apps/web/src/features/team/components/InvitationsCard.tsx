import { CloseCircleOutlined, MailOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Card, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api-error';
import { useFailureText } from '../../../app/server-text';
import { useToast } from '../../../app/toast';
import { EmptyState } from '../../../shared/components/EmptyState';
import { SkeletonRows } from '../../../shared/components/SkeletonRows';
import { useDateText } from '../../../shared/hooks/use-date-time';
import { useResendInvitationMutation, useRevokeInvitationMutation } from '../api';
import type { TeamInvitation } from '../team-types';
import { RoleTag } from './RoleTag';

interface InvitationsCardProps {
  invitations: readonly TeamInvitation[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The pending invitations (owners and admins): who, which role, who invited, until when; resend or revoke. */
export function InvitationsCard({ invitations, isLoading, isError }: InvitationsCardProps) {
  const { t } = useTranslation();

  const body = () => {
    if (isLoading) return <SkeletonRows testId="team-invitations-skeleton" />;
    if (isError || !invitations)
      return (
        <EmptyState
          testId="team-invitations-error"
          title={t('team.invitations.loadFailed')}
          hint={t('common.tryAgainLater')}
        />
      );
    if (invitations.length === 0)
      return (
        <EmptyState
          testId="team-invitations-empty"
          title={t('team.invitations.empty')}
          hint={t('team.invitations.emptyHint')}
        />
      );
    return (
      <Flex vertical role="list" aria-label={t('team.invitations.title')} data-testid="team-invitations">
        {invitations.map((invitation) => (
          <InvitationRow key={invitation.id} invitation={invitation} />
        ))}
      </Flex>
    );
  };

  return (
    <Card title={t('team.invitations.title')} data-testid="team-invitations-card">
      {body()}
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitation }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal } = App.useApp();
  const toast = useToast();
  const failureText = useFailureText();
  const dateText = useDateText();
  const [resend, resending] = useResendInvitationMutation();
  const [revoke] = useRevokeInvitationMutation();
  const { email } = invitation;

  const failed = (error: unknown, key: 'resendFailed' | 'revokeFailed') => {
    const text = t(`team.invitations.${key}`);
    toast.error({ description: failureText(error as ApiError, { failed: text, network: text }) });
  };

  const onResend = async () => {
    try {
      await resend(invitation.id).unwrap();
      toast.success({ description: t('team.invitations.resent', { email }) });
    } catch (error) {
      failed(error, 'resendFailed');
    }
  };

  const confirmRevoke = () =>
    modal.confirm({
      title: t('team.invitations.revoke.title'),
      content: t('team.invitations.revoke.confirm', { email }),
      okText: t('team.invitations.revoke.submit'),
      okButtonProps: { danger: true, 'data-testid': 'team-revoke-confirm' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await revoke(invitation.id).unwrap();
          toast.success({ description: t('team.invitations.revoke.revoked', { email }) });
        } catch (error) {
          failed(error, 'revokeFailed');
        }
      },
    });

  return (
    <Flex
      role="listitem"
      data-testid="team-invitation"
      data-invitation-id={invitation.id}
      align="center"
      gap="middle"
      wrap
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex vertical style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography.Text strong ellipsis data-testid="team-invitation-email">
          <bdi>{email}</bdi>
        </Typography.Text>
        <Typography.Text
          type="secondary"
          style={{ fontSize: token.fontSizeSM }}
          data-testid="team-invitation-meta"
        >
          {t('team.invitations.meta', {
            name: invitation.invitedBy.name,
            expires: dateText(invitation.expiresAt),
          })}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap="small" wrap>
        <RoleTag role={invitation.role} testId="team-invitation-role" />
        <Button
          icon={<MailOutlined aria-hidden />}
          loading={resending.isLoading}
          data-testid="team-invitation-resend"
          onClick={() => void onResend()}
        >
          {t('team.invitations.resend')}
        </Button>
        <Button
          danger
          icon={<CloseCircleOutlined aria-hidden />}
          data-testid="team-invitation-revoke"
          onClick={confirmRevoke}
        >
          {t('team.invitations.revoke.open')}
        </Button>
      </Flex>
    </Flex>
  );
}
