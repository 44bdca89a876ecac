import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

const JSON_ANSWER = { content: { 'application/json': { schema: { type: 'object' } } } };

/**
 * The gateway's plain Fastify routes: the only /api routes that are not a handler of a Nest controller
 * (one controller per downstream service). A route belongs here only with a reason to skip Nest's
 * pipeline; it still gets the request guard's headers and answers errors through sendError. Each is
 * described here for the OpenAPI document, which Swagger cannot build for it.
 */
export const RAW_ROUTES = {
  'GET /api/health/live': {
    reason: 'Liveness: probes hit it often, and it must answer with no I/O and nothing from Nest.',
    operation: {
      tags: ['health'],
      summary: 'Liveness: the process answers, no I/O.',
      responses: { '200': { description: '{ "status": "ok" }', ...JSON_ANSWER } },
    },
  },
  'GET /api/auth/me': {
    reason: 'Every page load asks it: cookie → Redis → the cached JSON as it is, within its p99 target.',
    operation: {
      tags: ['auth'],
      summary: 'The signed-in user.',
      responses: {
        '200': { description: 'The current user', ...JSON_ANSWER },
        '401': { description: 'Not signed in', ...JSON_ANSWER },
      },
    },
  },
  'GET /api/docs': {
    reason: 'The OpenAPI document: bytes built once at start-up, from the Nest app itself.',
    operation: {
      tags: ['docs'],
      summary: 'This OpenAPI document.',
      responses: { '200': { description: 'OpenAPI 3 document', ...JSON_ANSWER } },
    },
  },
} satisfies Record<string, { reason: string; operation: OperationObject }>;

export type RawRoute = keyof typeof RAW_ROUTES;

/** Registers the allow-list's routes: a handler for each, and no route that is not on the list. */
export function registerRawRoutes(
  fastify: FastifyInstance,
  handlers: Record<RawRoute, RouteHandlerMethod>,
): void {
  for (const [route, handler] of Object.entries(handlers)) {
    const [method, url] = route.split(' ');
    fastify.route({ method, url, handler });
  }
}

/** The allow-list's routes as OpenAPI paths. */
export function rawRoutePaths(): OpenAPIObject['paths'] {
  const paths: OpenAPIObject['paths'] = {};
  for (const [route, { operation }] of Object.entries(RAW_ROUTES)) {
    const [method, url] = route.split(' ');
    paths[url] = { ...paths[url], [method.toLowerCase()]: operation };
  }
  return paths;
}
