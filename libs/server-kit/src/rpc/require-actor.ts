import { type Actor, DomainException, ErrorCode, ROLES, type Role, type RpcRequest } from '@parley/contracts';

/**
 * The signed-in member a request acts for. Services take the workspace only from here, never from
 * `data`: scope by `workspaceId`, record `userId` as the author of what a person did.
 */
export function requireActor(req: RpcRequest): Actor {
  const { userId, workspaceId, role } = req.actor ?? ({} as Partial<Actor>);
  if (!isId(userId) || !isId(workspaceId) || !ROLES.includes(role as Role)) {
    throw new DomainException(ErrorCode.Unauthenticated, 'Please log in to continue.');
  }
  return { userId, workspaceId, role: role as Role };
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}
