/** What the rest of the app may use of the team feature; its other files are its own. */
export { can, type Permission, roleOf } from './permissions';
export type {
  AcceptInvitationBody,
  AcceptInvitationResponse,
  InvitationPreview,
  SignedInMember,
  TeamRole,
} from './team-types';
export { useCan } from './use-can';
export { useGetMembersQuery } from './api';
export type { TeamMember } from './team-types';
