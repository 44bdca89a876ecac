import { DomainException, ErrorCode } from '@parley/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/http-error.filter';
import { readCookie, SESSION_COOKIE } from './cookies';
import type { SessionResolver } from './session-resolver';

/**
 * GET /api/auth/me (a raw route, see raw-routes.ts): cookie → Redis → the cached JSON as it is
 * (auth-service and billing-service only on a cache miss). 401 when signed out.
 */
export function meHandler(sessions: SessionResolver) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const json = await sessions.currentUserJson(readCookie(req.headers.cookie, SESSION_COOKIE), req.id);
      if (json === null) throw new DomainException(ErrorCode.Unauthenticated, 'Not signed in');
      await reply.type('application/json; charset=utf-8').send(json);
    } catch (error) {
      sendError(req, reply, error);
    }
  };
}
