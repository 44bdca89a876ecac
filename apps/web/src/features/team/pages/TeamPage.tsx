import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageIntro } from '../../../shared/components/PageIntro';
import { useAuth } from '../../auth';
import { useGetInvitationsQuery, useGetMembersQuery } from '../api';
import { ActivityCard } from '../components/ActivityCard';
import { InvitationsCard } from '../components/InvitationsCard';
import { InviteForm } from '../components/InviteForm';
import { MembersCard } from '../components/MembersCard';
import { useCan } from '../use-can';

/**
 * The team (/team, issue #33): every member sees who is in the workspace and with which role; owners and
 * admins also invite, change roles, remove members, handle the pending invitations and read the Activity (the
 * audit log).
 */
export default function TeamPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const can = useCan();
  const manage = can('manageMembers');

  return (
    <>
      <PageIntro name="team" />
      <Flex vertical gap="large">
        {!manage && <Alert type="info" showIcon title={t('team.readOnly')} data-testid="team-read-only" />}
        <MembersCard meId={user?.id ?? ''} />
        {manage && <ManageInvitations />}
        {manage && <ActivityCard />}
      </Flex>
    </>
  );
}

function ManageInvitations() {
  const invitations = useGetInvitationsQuery();
  const members = useGetMembersQuery();
  return (
    <>
      <InviteForm members={members.data ?? []} invitations={invitations.data ?? []} />
      <InvitationsCard
        invitations={invitations.data}
        isLoading={invitations.isLoading}
        isError={invitations.isError}
      />
    </>
  );
}
