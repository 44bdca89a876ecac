import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import { signedInOwner } from './accounts';
import { gatewayRoutes } from './gateway-routes';
import { call, uploadFile } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * Tenant isolation, walked over every route that names one of the owner's things in its path or body:
 * owner B presents owner A's ids and gets 404, as if they did not exist, and A's things are unchanged.
 * A new route with an id fails the first test until it is listed here, so isolation is never assumed.
 */
type Param =
  | 'customer'
  | 'product'
  | 'knowledge'
  | 'document'
  | 'template'
  | 'campaign'
  | 'subscriber'
  | 'replay'
  | 'testCase'
  | 'sequence'
  | 'member'
  | 'invitation';

const ID_ROUTES: Record<string, { param: Param; body?: object }> = {
  'GET /api/conversations/:customerId': { param: 'customer' },
  'PATCH /api/conversations/:customerId': { param: 'customer', body: { aiPaused: true } },
  'GET /api/conversations/:customerId/templates': { param: 'customer' },
  'POST /api/conversations/:customerId/template': {
    param: 'customer',
    body: { name: 'order_update', language: 'en_US', parameters: ['Ada'] },
  },
  'GET /api/customers/:id': { param: 'customer' },
  'PUT /api/customers/:id': { param: 'customer', body: { stage: 'converted' } },
  'PATCH /api/customers/:id': { param: 'customer', body: { name: 'Taken Over' } },
  'GET /api/customers/:id/leads': { param: 'customer' },
  'GET /api/customers/:id/stage-history': { param: 'customer' },
  'POST /api/customers/:id/stage-history/:changeId/undo': { param: 'customer' },
  'POST /api/customers/:id/stage-suggestion/accept': { param: 'customer' },
  'DELETE /api/customers/:id/stage-suggestion': { param: 'customer' },
  'PATCH /api/products/:id': { param: 'product', body: { name: 'Taken Over', price: 1 } },
  'DELETE /api/products/:id': { param: 'product' },
  'PATCH /api/ai/knowledge/:id': { param: 'knowledge', body: { title: 'Taken Over' } },
  'DELETE /api/ai/knowledge/:id': { param: 'knowledge' },
  'DELETE /api/ai/training-documents/:id': { param: 'document' },
  'GET /api/ai/replays/:id': { param: 'replay' },
  'DELETE /api/ai/test-cases/:id': { param: 'testCase' },
  'PATCH /api/email/templates/:id': { param: 'template', body: { name: 'Taken Over' } },
  'DELETE /api/email/templates/:id': { param: 'template' },
  'PATCH /api/email/campaigns/:id': { param: 'campaign', body: { name: 'Taken Over' } },
  'DELETE /api/email/campaigns/:id': { param: 'campaign' },
  'POST /api/email/campaigns/:id/send': { param: 'campaign' },
  'POST /api/email/campaigns/:id/pause': { param: 'campaign' },
  'POST /api/email/campaigns/:id/resume': { param: 'campaign' },
  'POST /api/email/campaigns/:id/test': { param: 'campaign', body: { email: 'b@elsewhere.example' } },
  'GET /api/email/campaigns/:id/results': { param: 'campaign' },
  'PATCH /api/email/subscribers/:id': { param: 'subscriber', body: { firstName: 'Taken Over' } },
  'PATCH /api/email/sequences/:id': { param: 'sequence', body: { isActive: true } },
  'DELETE /api/email/sequences/:id': { param: 'sequence' },
  'DELETE /api/email/subscribers/:id': { param: 'subscriber' },
  'PATCH /api/team/members/:userId': { param: 'member', body: { role: 'agent' } },
  'DELETE /api/team/members/:userId': { param: 'member' },
  'POST /api/team/invitations/:id/resend': { param: 'invitation' },
  'DELETE /api/team/invitations/:id': { param: 'invitation' },
};

/**
 * Path parameters that are not ids of an owner's things (a platform's name, a health component, an
 * invitation's token: the link works for anyone holding it).
 */
const NOT_IDS = [':platform', ':component', ':token'];

const idRoutes = gatewayRoutes().filter(
  (r) => /:\w+/.test(r.path) && !NOT_IDS.some((p) => r.path.includes(p)),
);

describe('another workspace’s ids on every route', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let a: string;
  let b: string;
  const ids: Record<Param, string> = {
    customer: '',
    product: '',
    knowledge: '',
    document: '',
    template: '',
    campaign: '',
    subscriber: '',
    replay: '',
    testCase: '',
    sequence: '',
    member: '',
    invitation: '',
  };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack(
      {},
      { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' },
    ));
    const ownerA = await signedInOwner(stack.url, smtp, 'owner-a@shop.example');
    a = ownerA.cookie;
    // A's member (its owner) and a pending invitation of A's.
    ids.member = ownerA.id;
    const invitation = await call<{ id: string }>(`${stack.url}/api/team/invitations`, {
      cookie: a,
      body: { email: 'staff-a@shop.example', role: 'agent' },
    });
    ids.invitation = invitation.body.id;
    ({ cookie: b } = await signedInOwner(stack.url, smtp, 'owner-b@shop.example'));
    const customer = await call<{ id: string }>(`${stack.url}/api/customers`, {
      cookie: a,
      body: { name: 'Ana Lopez', platform: 'instagram', platformUsername: '@ana' },
    });
    const product = await call<{ id: string }>(`${stack.url}/api/products`, {
      cookie: a,
      body: { name: 'Aero Kettle', description: 'A kettle.', price: 49.9, category: 'Kitchen', features: [] },
    });
    const knowledge = await call<{ id: string }>(`${stack.url}/api/ai/knowledge`, {
      cookie: a,
      body: {
        category: 'policies',
        title: 'Returns',
        content: 'Returns within 30 days.',
        tags: [],
        priority: 3,
      },
    });
    const document = await uploadFile(`${stack.url}/api/ai/upload-document`, a, 'document', {
      bytes: Buffer.from('Opening hours: 9 to 5.'),
      name: 'hours.txt',
      type: 'text/plain',
    });
    const email = `${stack.url}/api/email`;
    const template = await call<{ id: string }>(`${email}/templates`, {
      cookie: a,
      body: { name: 'Welcome', subject: 'Hi', htmlContent: '<p>Hi</p>', templateType: 'welcome' },
    });
    const campaign = await call<{ id: string }>(`${email}/campaigns`, {
      cookie: a,
      body: { name: 'Sale', subject: 'Sale', htmlContent: '<p>Sale</p>', templateId: template.body.id },
    });
    const subscriber = await call<{ id: string }>(`${email}/subscribers`, {
      cookie: a,
      body: { email: 'lea@example.com' },
    });
    const testCase = await call<{ id: string }>(`${stack.url}/api/ai/test-cases`, {
      cookie: a,
      body: { message: 'Do you take returns?' },
    });
    const replay = await call<{ id: string }>(`${stack.url}/api/ai/replays`, {
      cookie: a,
      body: { draft: { kind: 'knowledge_delete', itemId: knowledge.body.id } },
    });
    ids.testCase = testCase.body.id;
    ids.replay = replay.body.id;
    const sequence = await call<{ id: string }>(`${email}/sequences`, {
      cookie: a,
      body: { name: 'Welcome', triggerType: 'subscriber_added', steps: [{ templateId: template.body.id }] },
    });
    ids.sequence = sequence.body.id;
    ids.template = template.body.id;
    ids.campaign = campaign.body.id;
    ids.subscriber = subscriber.body.id;
    ids.customer = customer.body.id;
    ids.product = product.body.id;
    ids.knowledge = knowledge.body.id;
    ids.document = String(document.body.id ?? '');
    for (const [what, id] of Object.entries(ids))
      if (!id) throw new Error(`owner A's ${what} was not created`);
  }, 90_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  it('lists every route that takes an id', () => {
    expect(idRoutes.map((r) => r.name).sort()).toEqual(Object.keys(ID_ROUTES).sort());
  });

  it.each(idRoutes.map((r) => [r.name, r] as const))(
    '%s answers 404 to another workspace',
    async (_n, route) => {
      const { param, body } = ID_ROUTES[route.name];
      const res = await call(stack.url + route.path.replace(/:\w+/, ids[param]), {
        method: route.method,
        cookie: b,
        body,
      });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    },
  );

  it('POST /api/messages/reply to another workspace’s customer answers 404', async () => {
    const res = await call(`${stack.url}/api/messages/reply`, {
      cookie: b,
      body: { customerId: ids.customer, content: 'Hello from elsewhere' },
    });
    expect(res.status).toBe(404);
  });

  it('refuses a replay of another workspace’s knowledge item or document as 404', async () => {
    for (const draft of [
      { kind: 'knowledge_update', itemId: ids.knowledge, changes: { title: 'Taken Over' } },
      { kind: 'knowledge_delete', itemId: ids.knowledge },
      { kind: 'document_remove', documentId: ids.document },
    ]) {
      const res = await call(`${stack.url}/api/ai/replays`, { cookie: b, body: { draft } });
      expect({ kind: draft.kind, status: res.status }).toEqual({ kind: draft.kind, status: 404 });
    }
  });

  it('shows none of the first workspace’s things in the second one’s lists', async () => {
    for (const path of [
      '/api/customers',
      '/api/conversations',
      '/api/messages',
      '/api/products',
      '/api/ai/knowledge',
      '/api/ai/training-documents',
      '/api/ai/test-cases',
      '/api/email/templates',
      '/api/email/campaigns',
      '/api/email/subscribers',
    ]) {
      const res = await call(stack.url + path, { cookie: b });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      const text = JSON.stringify(res.body);
      for (const id of Object.values(ids))
        expect({ path, leaked: text.includes(id) }).toEqual({ path, leaked: false });
    }
  });

  it('counts none of the first workspace’s customers on the second one’s pipeline board', async () => {
    const res = await call<{ stages: { count: number }[] }>(`${stack.url}/api/pipeline`, { cookie: b });
    expect(res.status).toBe(200);
    expect(res.body.stages.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);
    const own = await call<{ stages: { count: number }[] }>(`${stack.url}/api/pipeline`, { cookie: a });
    expect(own.body.stages.map((s) => s.count)).toEqual([1, 0, 0, 0, 0]);
  });

  it('counts none of the first workspace’s customers in the second one’s reports', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(-1)}&to=${day(1)}`;
    const funnel = (cookie: string) =>
      call<{ stages: { reached: number }[] }>(`${stack.url}/api/reports/funnel?${range}`, { cookie });
    const theirs = await funnel(b);
    expect(theirs.status).toBe(200);
    expect(theirs.body.stages.map((s) => s.reached)).toEqual([0, 0, 0, 0, 0]);
    expect((await funnel(a)).body.stages.map((s) => s.reached)).toEqual([1, 0, 0, 0, 0]);
    const channels = await call<{ channels: unknown[] }>(`${stack.url}/api/reports/channels?${range}`, {
      cookie: b,
    });
    expect(channels.body.channels).toEqual([]);
  });

  it('left the first workspace’s things as they were', async () => {
    const customer = await call<{ name: string; stage: string }>(
      `${stack.url}/api/customers/${ids.customer}`,
      {
        cookie: a,
      },
    );
    expect(customer.body).toMatchObject({ name: 'Ana Lopez', stage: 'new' });
    const products = JSON.stringify((await call(`${stack.url}/api/products`, { cookie: a })).body);
    expect(products).toContain('Aero Kettle');
    expect(products).not.toContain('Taken Over');
    const knowledge = JSON.stringify((await call(`${stack.url}/api/ai/knowledge`, { cookie: a })).body);
    expect(knowledge).toContain(ids.knowledge);
    expect(knowledge).not.toContain('Taken Over');
    const documents = JSON.stringify(
      (await call(`${stack.url}/api/ai/training-documents`, { cookie: a })).body,
    );
    expect(documents).toContain(ids.document);
    for (const kind of ['templates', 'campaigns', 'subscribers']) {
      const list = JSON.stringify((await call(`${stack.url}/api/email/${kind}`, { cookie: a })).body);
      expect(list).toContain(ids[kind.slice(0, -1) as Param]);
      expect(list).not.toContain('Taken Over');
    }
    const [sent] = (await call<{ status: string }[]>(`${stack.url}/api/email/campaigns`, { cookie: a })).body;
    expect(sent.status).toBe('draft');
  });
});
