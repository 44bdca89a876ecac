/** auth.sessions.check request: sessions by token hash (at most 1000). */
export interface CheckSessionsRequest {
  tokenHashes: string[];
}

/** auth.sessions.check answer: the sessions asked about that are still live, with their absolute expiry. */
export interface CheckSessionsResult {
  live: { tokenHash: string; expiresAt: string }[];
}
