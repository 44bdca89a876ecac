import { useCallback, useMemo } from 'react';
import { useAuth } from '../auth';
import { type TeamMember, useGetMembersQuery } from '../team';

export interface InboxTeam {
  /** The workspace's members (GET /api/team/members), owner first as the server lists them; [] until loaded. */
  members: TeamMember[];
  loading: boolean;
  failed: boolean;
  /** The signed-in member's user id. */
  selfId: string | undefined;
  /** A member's name, or undefined for an id that is not (or no longer) a member. */
  nameOf: (userId: string) => string | undefined;
  /** The owner's name: who sent a person's reply from before teams (docs/teams.md, "Who replied"). */
  ownerName: string | undefined;
}

/** The team as the inbox needs it: who may be assigned, and the names of assignees and repliers. */
export function useInboxTeam(): InboxTeam {
  const { user } = useAuth();
  const { data, isLoading, isError } = useGetMembersQuery();
  const members = useMemo(() => data ?? [], [data]);
  const byId = useMemo(() => new Map(members.map((m) => [m.userId, m.name])), [members]);
  const nameOf = useCallback((userId: string) => byId.get(userId), [byId]);
  return {
    members,
    loading: isLoading,
    failed: isError,
    selfId: user?.id,
    nameOf,
    ownerName: members.find((m) => m.role === 'owner')?.name,
  };
}
