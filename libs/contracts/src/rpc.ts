/** Who is asking. The gateway fills it from the session; services never take an owner id from `data`. */
export interface Actor {
  userId: string;
}

/** Who is calling and in which request: what every service request carries besides its data. */
export interface Caller {
  actor?: Actor;
  requestId?: string;
}

/** The payload of every gateway → service request. */
export interface RpcRequest<T = unknown> {
  actor?: Actor;
  data: T;
}

/** NATS header that carries the request id from the gateway into every service log line. */
export const REQUEST_ID_HEADER = 'x-request-id';

export interface ServiceHealth {
  service: string;
  /** Which replica answered: host, process id and a per-start suffix. */
  instance: string;
  status: 'up';
}

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

/** auth.sessions.revoked event. */
export interface SessionsRevokedEvent {
  tokenHashes: string[];
}

/** auth.accounts.verify-email answer: whose address is now verified. */
export interface EmailVerifiedResult {
  email: string;
}

/** billing.accounts.get answer. */
export interface BillingAccount {
  ownerId: string;
  currentPackage: string;
  apiCallsUsed: number;
  apiCallsLimit: number;
  warningLevel: number;
}
