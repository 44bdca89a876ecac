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
} as const;
