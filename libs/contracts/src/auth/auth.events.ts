/** Notifications from auth-service. */
export const AUTH_EVENTS = {
  /**
   * Sessions were revoked (logout, password reset): caches keyed by their hashes must forget them and
   * their /ws sockets close.
   */
  sessionsRevoked: 'auth.sessions.revoked',
} as const;

/** auth.sessions.revoked event. */
export interface SessionsRevokedEvent {
  tokenHashes: string[];
}
