/** A member's role in their workspace (docs/teams.md): exactly one owner; admins; agents. */
export const ROLES = ['owner', 'admin', 'agent'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who is asking. The gateway fills it from the session; services never take a workspace id from `data`.
 * `workspaceId` scopes every query (the `owner_id` columns); `userId` is the person, recorded as the author
 * of what they did; `role` is what they may do (the gateway already checked it per route).
 */
export interface Actor {
  userId: string;
  workspaceId: string;
  role: Role;
}

/**
 * The actor of work a service does for a workspace on its own (a queued reply, a webhook, a billing
 * warning): no person is behind it, so `userId` names the workspace itself, with the owner's rights.
 */
export function workspaceActor(workspaceId: string): Actor {
  return { userId: workspaceId, workspaceId, role: 'owner' };
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
