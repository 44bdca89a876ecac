import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Actor, Caller as CallerInfo } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';

/** The signed-in owner, set on the request by the session guard (Passport, as `actor`). */
export type AuthenticatedRequest = FastifyRequest & { actor?: Actor };

/**
 * What a handler forwards with every service request: the signed-in owner (if any) and the request id,
 * so services log under the same id. Passed explicitly: no async-context tracking on the gateway's hot path.
 */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): CallerInfo => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return { actor: req.actor, requestId: req.id };
});
