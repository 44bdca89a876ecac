import type { Role } from '../../rpc';
import type { MemberRole } from './team.dto';

/** The workspace a member works in, as GET /api/auth/me and accepting an invitation show it. */
export interface WorkspaceSummary {
  id: string;
  name: string;
}

/** One member of GET /api/team/members. */
export interface TeamMember {
  userId: string;
  name: string;
  email: string;
  role: Role;
  joinedAt: string;
}

/** GET /api/team/members. */
export interface TeamMembersResponse {
  items: TeamMember[];
}

/** One pending invitation (GET /api/team/invitations, POST /api/team/invitations and its resend). */
export interface TeamInvitation {
  id: string;
  email: string;
  role: MemberRole;
  invitedBy: { userId: string; name: string };
  createdAt: string;
  expiresAt: string;
  /** Only outside production (like the sign-up's `verificationUrl`): the link the mail carries. */
  invitationUrl?: string;
}

/** GET /api/team/invitations: pending ones only, newest first. */
export interface TeamInvitationsResponse {
  items: TeamInvitation[];
}

/** GET /api/invitations/{token}: what the invitation page shows anyone holding the link. */
export interface InvitationLookup {
  workspaceName: string;
  invitedByName: string;
  email: string;
  role: MemberRole;
  expiresAt: string;
}

/** auth.invitations.accept answer. The gateway sets the cookie from `session` and leaves it out. */
export interface AcceptInvitationResult {
  user: { id: string; email: string; name: string };
  workspace: WorkspaceSummary;
  role: Role;
  /** Signed out only: the session of the new account. */
  session?: { token: string; expiresAt: string };
}

/** POST /api/invitations/{token}/accept. */
export type AcceptInvitationResponse = Omit<AcceptInvitationResult, 'session'>;
