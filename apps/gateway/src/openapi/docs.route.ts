import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** GET /api/docs (a raw route, see raw-routes.ts): the OpenAPI document as JSON, serialised once. */
export function docsHandler(document: OpenAPIObject) {
  const json = JSON.stringify(document);
  return (_req: FastifyRequest, reply: FastifyReply) =>
    reply.type('application/json; charset=utf-8').send(json);
}
