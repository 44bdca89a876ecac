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
