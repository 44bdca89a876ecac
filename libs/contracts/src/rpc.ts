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

/**
 * How messaging-service answers a list subject: a raw reply (server-kit's RawReply) whose body is the
 * page's items as JSON, serialized once there and sent on by the gateway as they are, and whose
 * header of this name holds the next page's cursor (absent on the last page).
 */
export const PAGE_NEXT_CURSOR_HEADER = 'parley-next-cursor';

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

/** auth.sessions.check request: sessions by token hash (at most 1000). */
export interface CheckSessionsRequest {
  tokenHashes: string[];
}

/** auth.sessions.check answer: the sessions asked about that are still live, with their absolute expiry. */
export interface CheckSessionsResult {
  live: { tokenHash: string; expiresAt: string }[];
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

/** What the browser receives on /ws: `type` names the event, `message` is ready to show. */
export type RealtimeEventType =
  'new_customer' | 'new_lead' | 'new_message' | 'message_responded' | 'usage_warning';

export interface RealtimeEvent {
  type: RealtimeEventType;
  message: string;
  data?: Record<string, unknown>;
}

/**
 * The close code of a /ws socket whose session ended (logout, reset, expiry): the browser must not
 * reconnect, but find out it is signed out. 4000–4999 are the application's; 4401 echoes HTTP 401.
 */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** Published on REALTIME_SUBJECT. */
export interface OwnerEvent {
  ownerId: string;
  event: RealtimeEvent;
}

/** messaging.messages.ingest: a customer message from a platform (or the simulator). */
export interface IngestMessageData {
  platform: string;
  content: string;
  platformUsername: string;
  senderName: string;
  /** The platform's id of the message: a redelivery with the same id is stored once. Generated when absent. */
  platformMessageId?: string;
}

export interface IngestMessageResult {
  messageId: string;
  customerId: string;
  /** False when this platform message id had been stored before (a redelivery). */
  stored: boolean;
}

/** billing.usage.consume. */
export interface ConsumeUsageData {
  /** The same key never counts twice (a retried reply job). */
  key: string;
}
