import { Logger } from '@nestjs/common';
import { DomainException } from '@parley/contracts';
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
          .send({ message: 'Not signed in' });
      return await reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(json);
    } catch (error) {
      const status = error instanceof DomainException ? httpStatusOf(error.code) : 500;
      const message = error instanceof DomainException ? error.message : 'Something went wrong on our side';
      logger.warn({ msg: `GET /api/auth/me: ${message}`, requestId: req.id });
      return reply.code(status).type('application/json; charset=utf-8').send({ message });
    }
  });
}
