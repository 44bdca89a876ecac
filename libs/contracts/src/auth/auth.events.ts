/** Notifications from auth-service. */
export const AUTH_EVENTS = {
  /**
   * Sessions were revoked (logout, password reset): caches keyed by their hashes must forget them and
   * their /ws sockets close.
   */
  sessionsRevoked: 'auth.sessions.revoked',
  /**
   * Sessions are still live but their member's workspace or role changed (docs/teams.md): caches forget
   * them; with `closeSockets` (another workspace) their /ws sockets close too, and reconnect there.
   */
  sessionsChanged: 'auth.sessions.changed',
} as const;

/** auth.sessions.revoked event. */
export interface SessionsRevokedEvent {
  tokenHashes: string[];
}

/** auth.sessions.changed event. */
export interface SessionsChangedEvent {
  tokenHashes: string[];
  closeSockets: boolean;
}
