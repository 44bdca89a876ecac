import type { Role } from '../../rpc';
import type { WorkspaceSummary } from '../team/team.responses';

/** auth.sessions.create: the raw session token goes only into the cookie; the service keeps its hash. */
export interface LoginResult {
  token: string;
  expiresAt: string;
  userId: string;
}

/** auth.sessions.resolve: who a session token belongs to, in which workspace and with which role. */
export interface ResolvedSession {
  tokenHash: string;
  workspace: WorkspaceSummary;
  role: Role;
  user: {
    id: string;
    email: string;
    name: string;
    emailVerified: boolean;
    createdAt: string;
  };
}
