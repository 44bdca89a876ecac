import { api } from '../../app/api';
import type {
  AuditPage,
  InvitableRole,
  InviteMemberBody,
  ItemsResponse,
  TeamInvitation,
  TeamMember,
} from './team-types';

/** The workspace's members and pending invitations (docs/teams.md, "Routes"). */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every member may list the team (an agent needs it to assign). */
    getMembers: build.query<TeamMember[], void>({
      query: () => '/team/members',
      transformResponse: (response: ItemsResponse<TeamMember>) => response.items,
      providesTags: ['TeamMembers'],
    }),
    changeMemberRole: build.mutation<TeamMember, { userId: string; role: InvitableRole }>({
      query: ({ userId, role }) => ({
        url: `/team/members/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: ['TeamMembers', 'AuditLog'],
    }),
    removeMember: build.mutation<void, string>({
      query: (userId) => ({ url: `/team/members/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      invalidatesTags: ['TeamMembers', 'AuditLog'],
    }),
    /** The signed-in owner becomes an admin: their own role changes too. */
    transferOwnership: build.mutation<unknown, string>({
      query: (userId) => ({ url: '/team/transfer-ownership', method: 'POST', body: { userId } }),
      invalidatesTags: ['TeamMembers', 'CurrentUser', 'AuditLog'],
    }),
    /**
     * The audit log (owners and admins), newest first, a page at a time: Load more asks for the page after the
     * last one's `nextCursor`.
     */
    getAuditLog: build.infiniteQuery<AuditPage, void, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextCursor,
      },
      query: ({ pageParam }) => ({ url: '/audit', params: pageParam ? { cursor: pageParam } : {} }),
      providesTags: ['AuditLog'],
    }),
    /** Pending invitations only (owners and admins). */
    getInvitations: build.query<TeamInvitation[], void>({
      query: () => '/team/invitations',
      transformResponse: (response: ItemsResponse<TeamInvitation>) => response.items,
      providesTags: ['TeamInvitations'],
    }),
    inviteMember: build.mutation<TeamInvitation, InviteMemberBody>({
      query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
      invalidatesTags: ['TeamInvitations', 'AuditLog'],
    }),
    /** A new link and a new 7-day expiry, mailed again; the old link stops working. */
    resendInvitation: build.mutation<TeamInvitation, string>({
      query: (id) => ({ url: `/team/invitations/${encodeURIComponent(id)}/resend`, method: 'POST' }),
      invalidatesTags: ['TeamInvitations'],
    }),
    revokeInvitation: build.mutation<void, string>({
      query: (id) => ({ url: `/team/invitations/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['TeamInvitations', 'AuditLog'],
    }),
  }),
});

export const {
  useGetMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useTransferOwnershipMutation,
  useGetInvitationsQuery,
  useGetAuditLogInfiniteQuery,
  useInviteMemberMutation,
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} = teamApi;
