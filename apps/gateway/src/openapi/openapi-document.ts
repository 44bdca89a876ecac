import type { INestApplication, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { isDtoClass } from '../http/dto-validation.pipe';
import { rawRoutePaths } from '../http/raw-routes';
import { describeDto } from './validator-schema';

/**
 * The OpenAPI document of every /api route: Swagger reads the controllers, the request schemas come
 * from the contracts' class-validator DTOs (see describeDto). Build it once, at startup.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  for (const dto of requestDtos(app)) describeDto(dto);
  const config = new DocumentBuilder()
    .setTitle('Parley API')
    .setDescription(
      'The gateway of Parley. Signed-in routes need the session cookie set by POST /api/auth/login.',
    )
    .setVersion('1')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.paths = { ...document.paths, ...rawRoutePaths() };
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
          if (data === undefined && kinds.some((k) => key.startsWith(k)) && isDtoClass(type)) dtos.add(type);
        }
      }
    }
  }
  return dtos;
}
