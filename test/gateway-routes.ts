import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { loadConfig } from '@parley/server-kit';
import { getMetadataStorage } from 'class-validator';
import { GatewayConfig } from '../apps/gateway/src/config/gateway.config';
import { GatewayModule } from '../apps/gateway/src/gateway.module';

/** One route of a gateway controller, with the DTO classes of its whole body and query. */
export interface GatewayRoute {
  /** `PUT /api/customers/:id` */
  name: string;
  /** `/api/customers/:id` */
  path: string;
  /** `/api/customers/{id}`, as OpenAPI writes it. */
  openApiPath: string;
  method: string;
  body?: Type;
  query?: Type;
  /** The controller class and its handler (for tests that read more of the route's metadata). */
  controller: Type;
  handler: (...args: unknown[]) => unknown;
}

/** Every route of the gateway's controllers, read from Nest's metadata: tests that must cover them all walk this. */
export function gatewayRoutes(): GatewayRoute[] {
  const controllers = (GatewayModule.forRoot(loadConfig(GatewayConfig, {})).controllers ?? []) as Type[];
  return controllers.flatMap((controller) => {
    const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string;
    return Object.getOwnPropertyNames(controller.prototype).flatMap((handler): GatewayRoute[] => {
      const fn: unknown = Object.getOwnPropertyDescriptor(controller.prototype, handler)?.value;
      if (typeof fn !== 'function' || handler === 'constructor') return [];
      const sub = Reflect.getMetadata(PATH_METADATA, fn) as string | undefined;
      if (sub === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      const path = `/${[prefix, sub].filter((p) => p && p !== '/').join('/')}`;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
        string,
        { index: number; data?: string }
      >;
      const types = Reflect.getMetadata('design:paramtypes', controller.prototype, handler) as Type[];
      // The whole body or query (`@Body()`), not one value of it (`@Query('token')`).
      const typeOf = (kind: RouteParamtypes): Type | undefined => {
        const key = Object.keys(args).find((k) => k.startsWith(`${kind}:`) && args[k].data === undefined);
        return key === undefined ? undefined : types[args[key].index];
      };
      return [
        {
          name: `${method} ${path}`,
          path,
          openApiPath: path.replace(/:(\w+)/g, '{$1}'),
          method,
          body: typeOf(RouteParamtypes.BODY),
          query: typeOf(RouteParamtypes.QUERY),
          controller,
          handler: fn as (...args: unknown[]) => unknown,
        },
      ];
    });
  });
}

/** The fields a DTO class validates, as the API spells them. */
export function fieldsOf(dto: Type): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))];
}
