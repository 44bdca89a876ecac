import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, type OperationObject, SwaggerModule } from '@nestjs/swagger';
import { describeDto } from './validator-schema';

/** Where the document is served (a plain Fastify route, see registerDocsRoute). */
export const OPENAPI_DOCS_PATH = '/api/docs';

const JSON_ANSWER = { content: { 'application/json': { schema: { type: 'object' } } } };

/**
 * Routes that are plain Fastify routes, not Nest handlers, so Swagger cannot see them: each is written
 * here by hand, with the reason it bypasses Nest.
 */
const RAW_ROUTES: Record<string, { get: OperationObject }> = {
  '/api/health/live': {
    get: {
      tags: ['health'],
      summary: 'Liveness: the process answers, no I/O (raw Fastify route: probes hit it often).',
      responses: { '200': { description: '{ "status": "ok" }', ...JSON_ANSWER } },
    },
  },
  '/api/auth/me': {
    get: {
      tags: ['auth'],
      summary: 'The signed-in user (raw Fastify route: runs on every page load, served from Redis).',
      responses: {
        '200': { description: 'The current user', ...JSON_ANSWER },
        '401': { description: 'Not signed in', ...JSON_ANSWER },
      },
    },
  },
  [OPENAPI_DOCS_PATH]: {
    get: {
      tags: ['docs'],
      summary: 'This OpenAPI document (raw Fastify route: built once at startup, served as it is).',
      responses: { '200': { description: 'OpenAPI 3 document', ...JSON_ANSWER } },
    },
  },
};

/**
 * The OpenAPI document of every /api route: Swagger reads the controllers, the request schemas come
 * from the contracts' class-validator DTOs (see describeDto). Build it once, at startup.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  for (const dto of requestDtos(app)) describeDto(dto);
  const config = new DocumentBuilder()
    .setTitle('Parley API')
    .setDescription('The gateway of Parley. Signed-in routes need the session cookie set by POST /api/auth/login.')
    .setVersion('1')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.paths = { ...document.paths, ...RAW_ROUTES };
  return document;
}

/** The classes of every whole `@Body()` and `@Query()` of the app's controllers. */
function requestDtos(app: INestApplication): Set<Type> {
  const dtos = new Set<Type>();
  const kinds = [RouteParamtypes.BODY, RouteParamtypes.QUERY].map((kind) => `${kind}:`);
  for (const module of app.get(ModulesContainer).values()) {
    for (const { metatype } of module.controllers.values()) {
      const controller = metatype as Type;
      for (const handler of Object.getOwnPropertyNames(controller.prototype)) {
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
          string,
          { index: number; data?: unknown }
        >;
        const types = (Reflect.getMetadata('design:paramtypes', controller.prototype as object, handler) ??
          []) as unknown[];
        for (const [key, { index, data }] of Object.entries(args)) {
          const type = types[index];
          if (data === undefined && kinds.some((k) => key.startsWith(k)) && isClass(type)) dtos.add(type);
        }
      }
    }
  }
  return dtos;
}

function isClass(type: unknown): type is Type {
  return typeof type === 'function' && ![Object, String, Number, Boolean, Array].includes(type as never);
}
