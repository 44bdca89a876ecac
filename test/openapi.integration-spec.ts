import type { Type } from '@nestjs/common';
import {
  CUSTOMER_PLATFORMS,
  CUSTOMER_STAGES,
  FIELD_LIMITS,
  LIST_QUERY_LIMIT,
  REPLAY_DRAFT_KINDS,
} from '@parley/contracts';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import { RAW_ROUTES as RAW_ROUTE_LIST } from '../apps/gateway/src/http/raw-routes';
import { fieldsOf, gatewayRoutes } from './gateway-routes';
import { startStack, type Stack } from './start-stack';

/** Plain Fastify routes (not Nest handlers), from the gateway's allow-list. */
const RAW_ROUTES = Object.keys(RAW_ROUTE_LIST).map((route) => route.replace(/:(\w+)/g, '{$1}'));

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
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

/** Named as the document names them: `PUT /api/customers/{id}`. */
const routes = gatewayRoutes().map((r) => ({ ...r, name: `${r.method} ${r.openApiPath}` }));

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
    // A bare request, signed out and unsigned: the answer each gives it.
    const refused: Record<string, number> = {
      'GET /api/auth/me': 401,
      'GET /api/webhooks/meta': 403,
      'POST /api/webhooks/meta': 401,
      // No crc_token; no x-twitter-webhooks-signature.
      'GET /api/webhooks/x': 400,
      'POST /api/webhooks/x': 401,
      'POST /api/webhooks/payments': 400,
      // `{token}` is no signed link.
      'GET /api/email/unsubscribe/{token}': 404,
      'POST /api/email/unsubscribe/{token}': 404,
      'GET /api/email/open/{token}': 404,
      'GET /api/email/click/{token}': 404,
    };
    for (const name of RAW_ROUTES) {
      const [method, path] = name.split(' ');
      const res = await fetch(stack.url + path, { method });
      expect({ name, status: res.status }).toEqual({ name, status: refused[name] ?? 200 });
    }
  });

  it("has each body DTO's fields in its request schema", () => {
    const bodyRoutes = routes.filter((r) => r.body !== undefined);
    expect(bodyRoutes.length).toBeGreaterThan(5);
    for (const route of bodyRoutes) {
      const schema = requestSchema(route.name);
      expect({ route: route.name, fields: Object.keys(schema.properties ?? {}).sort() }).toEqual({
        route: route.name,
        fields: fieldsOf(route.body as Type).sort(),
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
    // A replay's draft is described as its own object, with the kind of change it is.
    const replay = requestSchema('POST /api/ai/replays');
    expect(replay.required).toEqual(['draft']);
    const draftRef = replay.properties?.draft?.$ref ?? '';
    const draft = doc.components.schemas[draftRef.replace('#/components/schemas/', '')];
    expect(draft?.required).toEqual(['kind']);
    expect(draft?.properties?.kind).toMatchObject({ type: 'string', enum: [...REPLAY_DRAFT_KINDS] });
    // A sequence's steps are a list of objects of their own shape.
    const steps = requestSchema('POST /api/email/sequences').properties?.steps;
    expect(steps?.type).toBe('array');
    const step = doc.components.schemas[(steps?.items?.$ref ?? '').replace('#/components/schemas/', '')];
    expect(step?.required).toEqual(['templateId']);
    // Add Customer: a name, and a username only on a channel (judged with the email and phone).
    const addCustomer = requestSchema('POST /api/customers');
    expect(addCustomer.required).toEqual(['name']);
    expect(addCustomer.properties?.platform).toMatchObject({ type: 'string', enum: [...CUSTOMER_PLATFORMS] });
    expect(addCustomer.properties?.platformUsername).toMatchObject({
      type: 'string',
      nullable: true,
      maxLength: FIELD_LIMITS.username,
    });
  });

  it("has each query DTO's fields as query parameters, only the reports' range required", () => {
    const queryRoutes = routes.filter((r) => r.query !== undefined);
    expect(queryRoutes.map((r) => r.name).sort()).toEqual([
      'GET /api/ai/knowledge',
      'GET /api/audit',
      'GET /api/conversations',
      'GET /api/customers',
      'GET /api/email/audience',
      'GET /api/email/campaigns',
      'GET /api/email/sequences',
      'GET /api/email/subscribers',
      'GET /api/email/templates',
      'GET /api/messages',
      'GET /api/pipeline',
      'GET /api/products',
      'GET /api/reports/channels',
      'GET /api/reports/export.csv',
      'GET /api/reports/funnel',
      'GET /api/reports/overview',
      'GET /api/reports/timeseries',
      'GET /api/stats',
    ]);
    for (const route of queryRoutes) {
      const params = (operation(route.name)?.parameters ?? []).filter((p) => p.in === 'query');
      expect({ route: route.name, params: params.map((p) => p.name).sort() }).toEqual({
        route: route.name,
        params: fieldsOf(route.query as Type).sort(),
      });
      const required = params.filter((p) => p.required).map((p) => p.name);
      expect({ route: route.name, required }).toEqual({
        route: route.name,
        required: route.path.startsWith('/api/reports/') ? ['from', 'to'] : [],
      });
    }
    const from = operation('GET /api/reports/overview')?.parameters?.find((p) => p.name === 'from');
    expect(from?.schema).toMatchObject({ type: 'string', format: 'date' });
    const limit = operation('GET /api/messages')?.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', default: LIST_QUERY_LIMIT.default });
  });
});
