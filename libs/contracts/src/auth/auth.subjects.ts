/** auth-service: accounts, email verification, password reset, sessions. */
export const AUTH_SUBJECTS = {
  register: 'auth.accounts.register',
  verifyEmail: 'auth.accounts.verify-email',
  resendVerification: 'auth.accounts.resend-verification',
  forgotPassword: 'auth.passwords.forgot',
  resetPassword: 'auth.passwords.reset',
  login: 'auth.sessions.create',
  resolveSession: 'auth.sessions.resolve',
  logout: 'auth.sessions.revoke',
  /** Which of some sessions (by token hash) are still live; the gateway asks for those with a /ws socket. */
  checkSessions: 'auth.sessions.check',
  /**
   * `{}` → `{ language: Language | null }`: the language the owner (the actor) signed up in, which mails sent on
   * their behalf speak (marketing-service's footer); null when not known. No HTTP route leads here.
   */
  accountLanguage: 'auth.accounts.language',
  /** billing-service: mail the owner (the actor) a usage warning (UsageWarningMailData). No HTTP route leads here. */
  sendUsageWarning: 'auth.mail.usage-warning',
  /**
   * integrations-service: mail the owner (the actor) that a channel is degraded (ChannelHealthMailData), once
   * per degraded episode. No HTTP route leads here.
   */
  sendChannelHealth: 'auth.mail.channel-health',
} as const;

/** auth-service: the workspace's members and invitations (docs/teams.md). The gateway checked the role. */
export const TEAM_SUBJECTS = {
  listMembers: 'auth.team.members.list',
  /** `{ userId, role }` */
  updateMemberRole: 'auth.team.members.update-role',
  /** `{ userId }` */
  removeMember: 'auth.team.members.remove',
  /** `{ userId }` */
  transferOwnership: 'auth.team.transfer-ownership',
  listInvitations: 'auth.team.invitations.list',
  createInvitation: 'auth.team.invitations.create',
  /** `{ id }` */
  resendInvitation: 'auth.team.invitations.resend',
  /** `{ id }` */
  revokeInvitation: 'auth.team.invitations.revoke',
  /** `{ token }`, no actor: anyone holding the link. */
  lookupInvitation: 'auth.invitations.lookup',
  /** `{ token, name?, password? }`; with an actor the signed-in account joins, without one a new account is made. */
  acceptInvitation: 'auth.invitations.accept',
  /** `{}` → `{ name }`: the display name of the actor's person (messaging-service records a reply's author). */
  memberName: 'auth.team.member-name',
  /**
   * messaging-service: `{ name }`, the business profile's company name, which names the actor's workspace
   * (docs/teams.md). No HTTP route leads here.
   */
  renameWorkspace: 'auth.workspaces.rename',
} as const;
