import type { RpcRequest } from '@parley/contracts';

/** `{ id }` for delete and the campaign actions, `{ id, changes }` for update; the service checks the id. */
export type ById = RpcRequest<{ id?: unknown; changes?: unknown } | undefined>;
