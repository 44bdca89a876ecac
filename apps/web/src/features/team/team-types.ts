import type { CurrentUserResponse } from '@parley/contracts';

/**
 * The team's shapes as docs/teams.md gives them. They live here until `@parley/contracts` carries them (the
 * server side adds them there); the web then imports those instead.
 */
export type TeamRole = 'owner' | 'admin' | 'agent';

/** The roles an invitation or a role change may give: the owner's role moves only by a transfer. */
export type InvitableRole = Exclude<TeamRole, 'owner'>;
export const INVITABLE_ROLES: readonly InvitableRole[] = ['admin', 'agent'];

/** What GET /api/auth/me adds with teams. Optional: a server from before teams answers without them. */
export interface WorkspaceFields {
  workspace?: { id: string; name: string };
  role?: TeamRole;
}

export type SignedInMember = CurrentUserResponse & WorkspaceFields;

export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: { userId: string; name: string };
  createdAt: string;
  expiresAt: string;
}

export interface ItemsResponse<Item> {
  items: Item[];
}

export interface InviteMemberBody {
  email: string;
  role: InvitableRole;
}

/** GET /api/invitations/{token}, for anyone holding the link. */
export interface InvitationPreview {
  workspaceName: string;
  invitedByName: string;
  email: string;
  role: InvitableRole;
  expiresAt: string;
}

/** POST /api/invitations/{token}/accept: `{ name, password }` signed out, `{}` signed in. */
export type AcceptInvitationBody = { name: string; password: string } | Record<string, never>;

export interface AcceptInvitationResponse {
  user: CurrentUserResponse;
  workspace: { id: string; name: string };
  role: TeamRole;
}
