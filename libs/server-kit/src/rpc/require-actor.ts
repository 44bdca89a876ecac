import { type Actor, DomainException, ErrorCode, type RpcRequest } from '@parley/contracts';

/** The signed-in owner a request acts for. Services take the owner only from here, never from `data`. */
export function requireActor(req: RpcRequest): Actor {
  const userId = req.actor?.userId;
  if (typeof userId !== 'string' || userId.length === 0) {
    throw new DomainException(ErrorCode.Unauthenticated, 'Please log in to continue.');
  }
  return { userId };
}
