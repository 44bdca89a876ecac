import { type SmtpSink, spreadsheet, type TestInfra, XLSX_TYPE } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { type Answer, call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

type Owner = { cookie: string; id: string };

/** Low limits, so the test reaches them in a few requests (the defaults are far above a person's use). */
const LIMITS = {
  RATE_LIMIT_SIMULATE_PER_MINUTE: '3',
  RATE_LIMIT_UPLOADS_PER_MINUTE: '2',
  RATE_LIMIT_TEST_CHAT_PER_MINUTE: '2',
};

/** What the gateway answers an owner past their limit: 429, Retry-After, and the usual JSON error. */
function expectLimited(answer: { status: number; body: unknown; headers?: Headers }, message: string) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers?.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(answer.body).toEqual({ message, code: 'RATE_LIMITED', retryAfterSeconds: retryAfter });
}

describe('per-owner rate limits through the gateway', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let a: Owner;
  let b: Owner;

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({}, LIMITS));
    api = stack.url;
    a = await signedInOwner(api, smtp, 'alice@limits.example');
    b = await signedInOwner(api, smtp, 'bob@limits.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const simulate = (owner: Owner, content: string) =>
    call(`${api}/api/simulate-message`, {
      cookie: owner.cookie,
      body: { platform: 'instagram', platformUsername: 'maria.g', senderName: 'María García', content },
    });

  const messagesOf = async (owner: Owner) =>
    (
      await sql<{ n: number }>(
        infra.env.DATABASE_URL,
        'select count(*)::int as n from messaging_service.messages where owner_id = $1',
        [owner.id],
      )
    )[0].n;

  /** uploadFile, keeping the headers (the limit's Retry-After). */
  const upload = async (
    route: string,
    field: string,
    owner: Owner,
    file: { bytes: Buffer; name: string; type: string },
  ) => {
    const form = new FormData();
    form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
    const res = await fetch(`${api}${route}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: api },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as unknown, headers: res.headers };
  };

  it('refuses the simulated message past the owner’s limit with 429 and Retry-After, stores none of it, and lets another owner through', async () => {
    for (let i = 1; i <= 3; i++) expect((await simulate(a, `Hello ${i}`)).status).toBe(201);
    expectLimited(
      await simulate(a, 'One too many'),
      'Too many simulated messages in a minute. Please wait a moment and try again.',
    );
    expect(await messagesOf(a)).toBe(3);
    expect((await simulate(b, 'Hello from elsewhere')).status).toBe(201);
    expect(await messagesOf(b)).toBe(1);
  });

  it('limits each upload route per owner, and another owner’s uploads still pass', async () => {
    const text = { bytes: Buffer.from('We open at ten.'), name: 'hours.txt', type: 'text/plain' };
    const sheet = {
      bytes: spreadsheet([
        ['Name', 'Description', 'Price', 'Category', 'Features', 'In stock'],
        ['Scone', 'Buttery', '$3.00', 'Bakery', 'Fresh', 'yes'],
      ]),
      name: 'catalogue.xlsx',
      type: XLSX_TYPE,
    };
    const routes = [
      { route: '/api/ai/upload-document', field: 'document', file: text, ok: 201 },
      { route: '/api/products/upload', field: 'catalog', file: sheet, ok: 200 },
    ];
    for (const { route, field, file, ok } of routes) {
      for (let i = 0; i < 2; i++) expect((await upload(route, field, a, file)).status).toBe(ok);
      expectLimited(
        await upload(route, field, a, file),
        'Too many uploads in a minute. Please wait a moment and try again.',
      );
      expect((await upload(route, field, b, file)).status).toBe(ok);
    }
    const documents = await call<unknown[]>(`${api}/api/ai/training-documents`, { cookie: a.cookie });
    expect(documents.body).toHaveLength(2);
  });

  it('limits the test chat per owner, whatever the answers were, and another owner still gets theirs', async () => {
    const chat = (owner: Owner): Promise<Answer> =>
      call(`${api}/api/ai/test-agent`, {
        cookie: owner.cookie,
        body: { message: 'Hello', platform: 'test' },
      });
    for (let i = 0; i < 2; i++) expect((await chat(a)).status).not.toBe(429);
    expectLimited(await chat(a), 'Too many test messages in a minute. Please wait a moment and try again.');
    expect((await chat(b)).status).not.toBe(429);
  });
});
