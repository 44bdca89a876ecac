import type {
  CreateInvitationDto,
  CurrentUserResponse,
  InvitationLookup,
  MemberRole,
  Role,
  TeamInvitation,
  TeamMember,
} from '@parley/contracts';
import { MEMBER_ROLES } from '@parley/contracts';

/** The team's shapes in the words the web uses (docs/teams.md); every one is the contract's own. */
export type {
  AcceptInvitationResponse,
  AuditEntry,
  AuditPage,
  TeamInvitation,
  TeamMember,
} from '@parley/contracts';
export type TeamRole = Role;

/** The roles an invitation or a role change may give: the owner's role moves only by a transfer. */
export type InvitableRole = MemberRole;
export const INVITABLE_ROLES: readonly InvitableRole[] = MEMBER_ROLES;

/** GET /api/auth/me: the account, its workspace and its role there. */
export type SignedInMember = CurrentUserResponse;

export interface ItemsResponse<Item extends TeamMember | TeamInvitation> {
  items: Item[];
}

export type InviteMemberBody = Pick<CreateInvitationDto, 'email' | 'role'>;

/** GET /api/invitations/{token}, for anyone holding the link. */
export type InvitationPreview = InvitationLookup;

/** POST /api/invitations/{token}/accept: `{ name, password }` signed out, `{}` signed in. */
export type AcceptInvitationBody = { name: string; password: string } | Record<string, never>;
