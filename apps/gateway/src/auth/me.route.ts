import { Logger } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { httpStatusOf } from '../errors/http-status';
import { readCookie, SESSION_COOKIE } from './cookies';
import type { SessionResolver } from './session-resolver';

/**
 * GET /api/auth/me runs on every page load, so it is a plain Fastify route: cookie → Redis → the cached
 * JSON as it is (auth-service and billing-service only on a cache miss). 401 when signed out.
 */
export function registerMeRoute(fastify: FastifyInstance, sessions: SessionResolver): void {
  const logger = new Logger('MeRoute');
  fastify.get('/api/auth/me', async (req, reply) => {
    try {
      const json = await sessions.currentUserJson(readCookie(req.headers.cookie, SESSION_COOKIE), req.id);
      if (json === null)
        return await reply
          .code(401)
          .type('application/json; charset=utf-8')
          .send({ message: 'Not signed in', code: ErrorCode.Unauthenticated });
      return await reply.type('application/json; charset=utf-8').send(json);
    } catch (error) {
      const { code, message } =
        error instanceof DomainException
          ? error
          : { code: ErrorCode.Internal, message: 'Something went wrong on our side' };
      logger.warn({ msg: `GET /api/auth/me: ${message}`, requestId: req.id });
      return reply
        .code(httpStatusOf(code))
        .type('application/json; charset=utf-8')
        .send({ message, code });
    }
  });
}
