import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { CUSTOMER_STAGES, LIST_QUERY_LIMIT } from '@parley/contracts';
import { createTestInfra, loadConfig, type TestInfra } from '@parley/server-kit';
import { getMetadataStorage } from 'class-validator';
import { GatewayConfig } from '../apps/gateway/src/config/gateway.config';
import { GatewayModule } from '../apps/gateway/src/gateway.module';
import { startStack, type Stack } from './start-stack';

/** Plain Fastify routes (not Nest handlers): the document lists them by hand. */
const RAW_ROUTES = ['GET /api/health/live', 'GET /api/auth/me', 'GET /api/docs'];

interface Route {
  name: string;
  /** OpenAPI form: `/api/customers/{id}`. */
  path: string;
  method: string;
  body?: Type;
  query?: Type;
}

/** Every route of the gateway's controllers, read from Nest's metadata (as hostile-inputs does). */
function gatewayRoutes(): Route[] {
  const controllers = (GatewayModule.forRoot(loadConfig(GatewayConfig, {})).controllers ?? []) as Type[];
  return controllers.flatMap((controller) => {
    const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string;
    return Object.getOwnPropertyNames(controller.prototype).flatMap((handler): Route[] => {
      const fn: unknown = Object.getOwnPropertyDescriptor(controller.prototype, handler)?.value;
      if (typeof fn !== 'function' || handler === 'constructor') return [];
      const sub = Reflect.getMetadata(PATH_METADATA, fn) as string | undefined;
      if (sub === undefined) return [];
      const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      const path = `/${[prefix, sub].filter((p) => p && p !== '/').join('/')}`.replace(/:(\w+)/g, '{$1}');
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
        string,
        { index: number; data?: string }
      >;
      const types = Reflect.getMetadata('design:paramtypes', controller.prototype, handler) as Type[];
      const typeOf = (kind: RouteParamtypes): Type | undefined => {
        const key = Object.keys(args).find((k) => k.startsWith(`${kind}:`) && args[k].data === undefined);
        return key === undefined ? undefined : types[args[key].index];
      };
      return [
        {
          name: `${method} ${path}`,
          path,
          method,
          body: typeOf(RouteParamtypes.BODY),
          query: typeOf(RouteParamtypes.QUERY),
        },
      ];
    });
  });
}

function fieldsOf(dto: Type): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Operation {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
  components: { schemas: Record<string, Schema> };
}

const routes = gatewayRoutes();

describe('OpenAPI document', () => {
  let infra: TestInfra;
  let stack: Stack;
  let doc: Document;

  const operation = (name: string): Operation | undefined => {
    const [method, path] = name.split(' ');
    return doc.paths[path]?.[method.toLowerCase()];
  };
  const requestSchema = (name: string): Schema => {
    const ref = operation(name)?.requestBody?.content['application/json']?.schema.$ref ?? '';
    return doc.components.schemas[ref.replace('#/components/schemas/', '')] ?? {};
  };

  beforeAll(async () => {
    infra = await createTestInfra();
    stack = await startStack(infra.env);
    const res = await fetch(`${stack.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    doc = (await res.json()) as Document;
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
    await infra?.cleanup();
  });

  it('is served at GET /api/docs as an OpenAPI 3 document', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Parley API');
  });

  it('lists every route of every gateway controller and every raw route, with its method', () => {
    expect(routes.length).toBeGreaterThan(20);
    const expected = [...routes.map((r) => r.name), ...RAW_ROUTES];
    expect(expected.filter((name) => operation(name) === undefined)).toEqual([]);
    const listed = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(expected.sort());
  });

  it('lists raw routes that really answer', async () => {
    for (const name of RAW_ROUTES) {
      const res = await fetch(stack.url + name.split(' ')[1]);
      expect({ name, status: res.status }).toEqual({ name, status: name.endsWith('/me') ? 401 : 200 });
    }
  });

  it("has each body DTO's fields in its request schema", () => {
    const bodyRoutes = routes.filter((r) => r.body !== undefined);
    expect(bodyRoutes.length).toBeGreaterThan(5);
    for (const route of bodyRoutes) {
      const schema = requestSchema(route.name);
      expect({ route: route.name, fields: Object.keys(schema.properties ?? {}).sort() }).toEqual({
        route: route.name,
        fields: fieldsOf(route.body as Type),
      });
    }
  });

  it('says which fields are required, their types, choices and whether null is allowed', () => {
    expect(requestSchema('POST /api/auth/register').required?.sort()).toEqual(['email', 'password']);
    const aiConfig = requestSchema('PUT /api/ai-config');
    expect(aiConfig.required?.sort()).toEqual(['companyDescription', 'companyName']);
    expect(aiConfig.properties?.autoRespond).toMatchObject({ type: 'boolean' });
    expect(aiConfig.properties?.autoRespond?.nullable).toBeUndefined();
    expect(aiConfig.properties?.address).toMatchObject({ type: 'string', nullable: true });
    expect(aiConfig.properties?.additionalFields).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(requestSchema('PUT /api/customers/{id}').properties?.stage).toMatchObject({
      type: 'string',
      enum: [...CUSTOMER_STAGES],
    });
  });

  it("has each query DTO's fields as query parameters, none of them required", () => {
    const queryRoutes = routes.filter((r) => r.query !== undefined);
    expect(queryRoutes.map((r) => r.name).sort()).toEqual(['GET /api/customers', 'GET /api/messages']);
    for (const route of queryRoutes) {
      const params = (operation(route.name)?.parameters ?? []).filter((p) => p.in === 'query');
      expect({ route: route.name, params: params.map((p) => p.name).sort() }).toEqual({
        route: route.name,
        params: fieldsOf(route.query as Type),
      });
      expect(params.filter((p) => p.required)).toEqual([]);
    }
    const limit = operation('GET /api/messages')?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', default: LIST_QUERY_LIMIT.default });
  });
});
