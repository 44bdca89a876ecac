import type { SignedInMember, TeamRole } from './team-types';

/**
 * What a screen may offer, by role (docs/teams.md, "Roles"). The server refuses anyway (403 FORBIDDEN);
 * this keeps a member from meeting buttons that can only fail.
 */
export type Permission =
  /** AI Config and the business profile it holds. */
  | 'configureAi'
  /** Adding, editing and removing knowledge and training documents (reading stays open). */
  | 'editTraining'
  /** Creating, editing, importing and removing products (reading stays open). */
  | 'editProducts'
  /** Channel connections: Integrations, platform setup and Social Media. */
  | 'manageChannels'
  /** Email Marketing: templates, subscribers, campaigns and sequences. */
  | 'sendEmail'
  /** Plans, refills, checkout and the purchase history. */
  | 'manageBilling'
  /** Inviting, changing roles, removing members; the pending invitations. */
  | 'manageMembers'
  /** Handing the workspace to an admin. */
  | 'transferOwnership'
  /** The reports and their CSV (the server answers them to owners and admins). */
  | 'viewReports';

const OWNER_ONLY: ReadonlySet<Permission> = new Set(['manageBilling', 'transferOwnership']);

/** The one answer to "can this role do X", used by the routes, the sidebar and every button that needs it. */
export function can(role: TeamRole, permission: Permission): boolean {
  switch (role) {
    case 'owner':
      return true;
    case 'admin':
      return !OWNER_ONLY.has(permission);
    case 'agent':
      return false;
  }
}

/**
 * The signed-in member's role. A server from before teams names none: its only account is the owner of
 * its own business, as docs/teams.md makes every such account.
 */
export function roleOf(user: Partial<Pick<SignedInMember, 'role'>>): TeamRole {
  return user.role ?? 'owner';
}
