/** auth.sessions.create: the raw session token goes only into the cookie; the service keeps its hash. */
export interface LoginResult {
  token: string;
  expiresAt: string;
  userId: string;
}

/** auth.sessions.resolve: who a session token belongs to. */
export interface ResolvedSession {
  tokenHash: string;
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    createdAt: string;
  };
}
