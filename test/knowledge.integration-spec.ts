import type { KnowledgeItemResponse } from '@parley/contracts';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const MISSING = 'Missing Information: Please provide both title and content.';

/** GET/POST /api/ai/knowledge and PATCH/DELETE /api/ai/knowledge/:id through the gateway, on the whole stack. */
describe('the knowledge API over HTTP', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let owner: { cookie: string; id: string };
  let rival: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ RECONCILE_INTERVAL_MS: '600000' }));
    owner = await signedInOwner(stack.url, smtp, 'owner@knowledge.example');
    rival = await signedInOwner(stack.url, smtp, 'owner@rival-knowledge.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const url = (path = '') => `${stack.url}/api/ai/knowledge${path}`;
  const count = async (ownerId: string) =>
    (
      await sql<{ n: number }>(
        infra.env.DATABASE_URL,
        'select count(*)::int as n from messaging_service.knowledge_items where owner_id = $1',
        [ownerId],
      )
    )[0].n;

  it('creates (201), lists, edits, switches off and deletes an item', async () => {
    const created = await call<KnowledgeItemResponse>(url(), {
      body: { category: 'policies', title: 'Returns', content: 'Within 30 days.', tags: [' a ', ''] },
      cookie: owner.cookie,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'Returns', tags: ['a'], priority: 1, isActive: true });

    const listed = await call<KnowledgeItemResponse[]>(url(), { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);

    const edited = await call<KnowledgeItemResponse>(url(`/${created.body.id}`), {
      method: 'PATCH',
      body: { priority: 5, isActive: false },
      cookie: owner.cookie,
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Returns',
      content: 'Within 30 days.',
      priority: 5,
      isActive: false,
    });

    const deleted = await call(url(`/${created.body.id}`), { method: 'DELETE', cookie: owner.cookie });
    expect(deleted).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect(await count(owner.id)).toBe(0);
  });

  it.each([
    [{ category: 'policies', title: '', content: 'x' }, 'title', MISSING],
    [{ category: 'policies', title: 'x' }, 'content', MISSING],
    [{ title: 'x', content: 'y' }, 'category', 'Category is required'],
    [
      { category: 'faqs', title: 'x', content: 'y', priority: 0 },
      'priority',
      'Priority must be one of: 1, 2, 3, 4, 5',
    ],
  ])('answers 400 naming the field for %j, storing nothing', async (body, field, message) => {
    const res = await call(url(), { body, cookie: owner.cookie });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field, message } });
    expect(await count(owner.id)).toBe(0);
  });

  it("answers 404 for another owner's item, and 401 when signed out", async () => {
    const mine = await call<KnowledgeItemResponse>(url(), {
      body: { category: 'faqs', title: 'Mine', content: 'Only mine.' },
      cookie: owner.cookie,
    });
    const patch = await call(url(`/${mine.body.id}`), {
      method: 'PATCH',
      body: { title: 'Stolen' },
      cookie: rival.cookie,
    });
    expect(patch).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    const del = await call(url(`/${mine.body.id}`), { method: 'DELETE', cookie: rival.cookie });
    expect(del.status).toBe(404);
    expect((await call(url('/not-a-uuid'), { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    expect((await call<unknown[]>(url(), { cookie: rival.cookie })).body).toEqual([]);
    expect((await call<KnowledgeItemResponse[]>(url(), { cookie: owner.cookie })).body).toEqual([mine.body]);
    expect((await call(url())).status).toBe(401);
  });
});
