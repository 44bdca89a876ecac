import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { OPENAPI_DOCS_PATH } from './openapi-document';

/** GET /api/docs: the OpenAPI document as JSON, serialised once (a plain Fastify route, like /api/auth/me). */
export function registerDocsRoute(fastify: FastifyInstance, document: OpenAPIObject): void {
  const json = JSON.stringify(document);
  fastify.get(OPENAPI_DOCS_PATH, (_req, reply) => reply.type('application/json; charset=utf-8').send(json));
}
