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
