import type { Type } from '@nestjs/common';
import {
  deeplyNested,
  HOSTILE_CURSORS,
  HOSTILE_KEYS,
  HOSTILE_TEXTS,
  type SmtpSink,
  type TestInfra,
} from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { fieldsOf, type GatewayRoute as Route, gatewayRoutes } from './gateway-routes';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * A valid body for every gateway route that takes one. Each hostile input replaces one field of it, so
 * that the answer can only be about that field. A new route fails the first test until it has a sample.
 */
const SAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/register': { email: 'new@shop.example', password: 'Tq8#vLw2!xZ' },
  'POST /api/auth/login': { email: 'new@shop.example', password: 'Tq8#vLw2!xZ' },
  'POST /api/auth/resend-verification': { email: 'new@shop.example' },
  'POST /api/auth/forgot-password': { email: 'new@shop.example' },
  'POST /api/auth/reset-password': { token: 'a'.repeat(43), password: 'Tq8#vLw2!xZ' },
  'POST /api/simulate-message': {
    platform: 'instagram',
    content: 'Do you ship to Lisbon?',
    platformUsername: '@ana',
    senderName: 'Ana',
  },
  'POST /api/messages/reply': { customerId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c', content: 'Yes, we do.' },
  'POST /api/messages/send': { platform: 'facebook', recipientId: '24871093', message: 'Yes, we do.' },
  'PATCH /api/conversations/:customerId': { aiPaused: true },
  'POST /api/conversations/:customerId/template': {
    name: 'order_update',
    language: 'en_US',
    parameters: ['Ada', '#1234'],
  },
  'POST /api/customers': { name: 'Ana Lopez', platform: 'instagram', platformUsername: '@ana' },
  'PUT /api/customers/:id': { stage: 'interested' },
  'PATCH /api/customers/:id': {
    name: 'Ana López',
    email: 'ana@shop.example',
    tags: ['vip'],
    stage: 'qualified',
  },
  'PUT /api/ai-config': { companyName: 'Olive & Thread', companyDescription: 'Linen clothes.' },
  'POST /api/ai/test-agent': { message: 'Hello' },
  'POST /api/ai/replays': {
    draft: {
      kind: 'knowledge_create',
      knowledge: {
        category: 'policies',
        title: 'Returns',
        content: 'Unused items can be returned within 30 days.',
      },
    },
    limit: 10,
  },
  'POST /api/ai/test-cases': { message: 'Do you ship to Lisbon?', expected: 'Yes, in 3 days.' },
  'POST /api/products': {
    name: 'Aero 5 Kettle',
    description: 'A 1.7 l electric kettle.',
    price: '$49.90',
    category: 'Kitchen',
    features: ['Stainless steel'],
    inStock: true,
  },
  'PATCH /api/products/:id': {
    name: 'Aero 5 Kettle Pro',
    price: 59.9,
    features: ['Keep warm'],
    inStock: false,
  },
  'POST /api/ai/knowledge': {
    category: 'policies',
    title: 'Returns',
    content: 'Unused items can be returned within 30 days.',
    tags: ['returns'],
    priority: 3,
  },
  'PATCH /api/ai/knowledge/:id': {
    category: 'faqs',
    title: 'Returns',
    content: 'Unused items can be returned within 14 days.',
    tags: ['refunds'],
    priority: 4,
    isActive: false,
  },
  'POST /api/email/templates': {
    name: 'Welcome',
    subject: 'Welcome aboard',
    htmlContent: '<p>Hello {{ firstName | default: "there" }}</p>',
    textContent: 'Hello',
    templateType: 'welcome',
  },
  'PATCH /api/email/templates/:id': {
    name: 'Welcome back',
    subject: 'Hello again',
    htmlContent: '<p>Hello</p>',
    textContent: 'Hello',
    templateType: 'follow_up',
    isActive: false,
  },
  'POST /api/email/campaigns': {
    name: 'Spring sale',
    subject: '20% off',
    htmlContent: '<h1>Sale</h1>',
    textContent: 'Sale',
    templateId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c',
    scheduledAt: '2030-03-01T09:00:00Z',
    audienceTags: ['vip'],
  },
  'PATCH /api/email/campaigns/:id': {
    name: 'Summer sale',
    subject: '30% off',
    htmlContent: '<h1>Sale</h1>',
    textContent: 'Sale',
    templateId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c',
    scheduledAt: '2030-06-01T09:00:00Z',
    audienceTags: ['vip', 'spring'],
  },
  'POST /api/email/campaigns/:id/test': { email: 'owner@shop.example' },
  'POST /api/email/sequences': {
    name: 'Welcome series',
    triggerType: 'stage_reached',
    triggerStage: 'interested',
    isActive: true,
    steps: [{ delayDays: 1, delayHours: 2, templateId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c' }],
  },
  'PATCH /api/email/sequences/:id': {
    name: 'Welcome series',
    triggerType: 'stage_reached',
    triggerStage: 'qualified',
    isActive: false,
    steps: [{ delayDays: 0, delayHours: 1, templateId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c' }],
  },
  'POST /api/email/subscribers': {
    email: 'lea@example.com',
    firstName: 'Léa',
    lastName: 'Roy',
    tags: ['vip'],
    customerId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c',
  },
  'PATCH /api/email/subscribers/:id': {
    email: 'lea@example.com',
    firstName: 'Léa',
    lastName: 'Roy',
    tags: ['vip'],
  },
  'PATCH /api/team/members/:userId': { role: 'agent' },
  'POST /api/team/transfer-ownership': { userId: '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c' },
  'POST /api/team/invitations': { email: 'staff@shop.example', role: 'agent' },
  'POST /api/invitations/:token/accept': { name: 'Sara', password: 'Tq8#vLw2!xZ' },
};

/**
 * A valid query for routes that require some parameters (the reports' range): each hostile input replaces one
 * parameter of it, so that the answer can only be about that parameter.
 */
const SAMPLE_QUERIES: Record<string, Record<string, string>> = Object.fromEntries(
  ['overview', 'timeseries', 'funnel', 'channels', 'export.csv'].map((name) => [
    `GET /api/reports/${name}`,
    { from: '2026-03-01', to: '2026-03-31' },
  ]),
);

const routes = gatewayRoutes();
const bodyRoutes = routes.filter((r) => r.body !== undefined);
const queryRoutes = routes.filter((r) => r.query !== undefined);

describe('hostile inputs on every route', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let cookie: string;
  let ownerId: string;

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack(
      {},
      { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' },
    ));
    ({ cookie, id: ownerId } = await signedInOwner(stack.url, smtp, 'hostile@shop.example'));
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const urlOf = (route: Route): string =>
    stack.url + route.path.replace(':id', '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c');

  it('has a sample body for every route that takes one', () => {
    expect(bodyRoutes.map((r) => r.name).sort()).toEqual(Object.keys(SAMPLE_BODIES).sort());
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
  });

  describe.each(bodyRoutes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    const sample = (): Record<string, unknown> => ({ ...SAMPLE_BODIES[route.name] });

    it.each(HOSTILE_TEXTS.map((h) => [h.name, h.value] as const))(
      'refuses %s in each field, naming it',
      async (_what, value) => {
        for (const field of fieldsOf(route.body as Type)) {
          for (const hostile of [value, [value]]) {
            const res = await call(urlOf(route), {
              method: route.method,
              body: { ...sample(), [field]: hostile },
              cookie,
            });
            expect({ field, hostile, status: res.status, body: res.body }).toMatchObject({
              status: 400,
              body: { code: 'VALIDATION_FAILED', field },
            });
          }
        }
      },
    );

    it('refuses unknown keys named like built-ins of every object', async () => {
      for (const key of HOSTILE_KEYS) {
        const text = JSON.stringify(sample()).replace(/^\{/, `{"${key}":"x",`);
        const res = await send(route, text);
        expect({ key, status: res.status }).toEqual({ key, status: 400 });
      }
    });

    it('refuses a body nested too deep as fast as a flat one, as a 400', async () => {
      const flat = JSON.stringify({ ...sample(), padding: 'x'.repeat(790_000) });
      const deep = deeplyNested(400_000);
      const res = await send(route, deep);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'The request body is nested more than 64 levels deep',
        code: 'VALIDATION_FAILED',
      });
      // Medians of alternating runs, so one pause of a busy machine does not decide. Parsing such a
      // body took ~500 ms before the nesting limit (docs/performance.md).
      const flatMs: number[] = [];
      const deepMs: number[] = [];
      for (let i = 0; i < 5; i++) {
        flatMs.push(await timed(() => send(route, flat)));
        deepMs.push(await timed(() => send(route, deep)));
      }
      expect(median(deepMs)).toBeLessThan(Math.max(100, median(flatMs) * 3));
    });

    it('refuses text that is not JSON as a 400', async () => {
      const res = await send(route, '{"email": ');
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: 'The request body is not valid JSON',
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe.each(queryRoutes.map((r) => [r.name, r] as const))('%s', (_name, route) => {
    it.each(HOSTILE_TEXTS.filter((h) => h.inUrl).map((h) => [h.name, h.value] as const))(
      'refuses %s in each query parameter, naming it',
      async (_what, value) => {
        for (const field of fieldsOf(route.query as Type)) {
          const query = { ...SAMPLE_QUERIES[route.name], [field]: value };
          const res = await call(`${urlOf(route)}?${new URLSearchParams(query)}`, { cookie });
          expect({ field, status: res.status, body: res.body }).toMatchObject({
            status: 400,
            body: { code: 'VALIDATION_FAILED', field },
          });
        }
      },
    );

    it.each(HOSTILE_CURSORS.map((h) => [h.name, h.value] as const))(
      'refuses a cursor of %s',
      async (_what, value) => {
        const query = { ...SAMPLE_QUERIES[route.name], cursor: value };
        const res = await call(`${urlOf(route)}?${new URLSearchParams(query)}`, { cookie });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'cursor' });
      },
    );
  });

  describe('state-changing requests with the session cookie and no Origin', () => {
    const unsafe = [
      ['POST', '/api/simulate-message'],
      ['PUT', '/api/ai-config'],
      ['POST', '/api/customers'],
      ['POST', '/api/ai/test-agent'],
      ['POST', '/api/products'],
    ] as const;

    it.each(unsafe)('refuses %s %s without proof that our page sent it', async (method, path) => {
      const body = SAMPLE_BODIES[`${method} ${path}`];
      const variants: Record<string, string>[] = [
        {},
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of variants) {
        const res = await call(stack.url + path, { method, body, cookie, origin: null, headers });
        expect({ headers, status: res.status, body: res.body }).toEqual({
          headers,
          status: 403,
          body: { message: 'Cross-site request refused', code: 'FORBIDDEN' },
        });
      }
      const elsewhere = { 'sec-fetch-site': 'same-origin', referer: 'https://evil.example/page' };
      const res = await call(stack.url + path, { method, body, cookie, origin: null, headers: elsewhere });
      expect(res.status).toBe(403);
    });

    it('lets through a request whose fetch metadata and Referer show our own page sent it', async () => {
      for (const site of ['same-origin', 'none']) {
        const res = await call(`${stack.url}/api/ai-config`, {
          method: 'PUT',
          body: SAMPLE_BODIES['PUT /api/ai-config'],
          cookie,
          origin: null,
          headers: { 'sec-fetch-site': site, referer: `${stack.url}/settings` },
        });
        expect(res.status).toBe(200);
      }
    });

    it('lets a request without the cookie through to its own checks (sign-in from an API client)', async () => {
      const res = await call(`${stack.url}/api/auth/login`, {
        body: { email: 'nobody@shop.example', password: 'Tq8#vLw2!xZ' },
        origin: null,
      });
      expect(res.status).toBe(401);
    });
  });

  it('stored nothing from any of them', async () => {
    const [{ customers, messages }] = await sql<{ customers: number; messages: number }>(
      infra.env.DATABASE_URL,
      `select (select count(*)::int from messaging_service.customers where owner_id = $1) as customers,
              (select count(*)::int from messaging_service.messages where owner_id = $1) as messages`,
      [ownerId],
    );
    expect({ customers, messages }).toEqual({ customers: 0, messages: 0 });
    const products = await sql(infra.env.DATABASE_URL, 'select name from catalogue_service.products');
    expect(products).toEqual([]);
    const [email] = await sql<{ rows: number }>(
      infra.env.DATABASE_URL,
      `select (select count(*)::int from marketing_service.email_templates)
            + (select count(*)::int from marketing_service.email_campaigns)
            + (select count(*)::int from marketing_service.email_subscribers) as rows`,
    );
    expect(email.rows).toBe(0);
    const users = await sql(
      infra.env.DATABASE_URL,
      `select email from auth_service.users where email <> $1`,
      ['hostile@shop.example'],
    );
    expect(users).toEqual([]);
  });

  function send(route: Route, text: string): Promise<Response> {
    return fetch(urlOf(route), {
      method: route.method,
      headers: { 'content-type': 'application/json', cookie, origin: stack.url },
      body: text,
    });
  }
});

function median(values: number[]): number {
  return [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  await (await run()).arrayBuffer();
  return performance.now() - started;
}
