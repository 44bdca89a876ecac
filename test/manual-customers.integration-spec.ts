import type { ConversationResponse, CustomerResponse, MessageResponse } from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * Customers without a channel (issue 29 point 7), through the gateway: Add Customer with a name and one of
 * email, phone or platform username, the platform then `manual`; listed and filtered as such; a reply to
 * them kept in Parley; the simulator refuses `manual`.
 */
describe('POST /api/customers: customers without a channel', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    api = stack.url;
    owner = await signedInOwner(api, smtp, 'walk-ins@olive.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const add = (body: Record<string, unknown>) =>
    call<CustomerResponse & { message?: string; field?: string }>(`${api}/api/customers`, {
      body,
      cookie: owner.cookie,
    });

  const stored = () =>
    sql<{ name: string; platform: string; platform_username: string | null }>(
      infra.env.DATABASE_URL,
      `select name, platform, platform_username from messaging_service.customers
        where owner_id = $1 order by created_at`,
      [owner.id],
    );

  it('adds one with only a name and an email, or a phone, as `manual`, and lists them', async () => {
    const byEmail = await add({ name: 'Lucía Walk-in', email: 'lucia@example.com' });
    expect(byEmail.status).toBe(201);
    expect(byEmail.body).toMatchObject({
      name: 'Lucía Walk-in',
      email: 'lucia@example.com',
      phone: null,
      platform: 'manual',
      platformUsername: '',
      source: 'manual',
      stage: 'new',
      reachable: false,
    });
    const byPhone = await add({ name: 'Pedro Phoned', phone: '+34 600 111 222' });
    expect(byPhone.status).toBe(201);
    expect(byPhone.body).toMatchObject({
      platform: 'manual',
      platformUsername: '',
      phone: '+34 600 111 222',
    });

    const listed = await call<CustomerResponse[]>(`${api}/api/customers`, { cookie: owner.cookie });
    expect(listed.body.map((c) => [c.name, c.platform, c.platformUsername])).toEqual([
      ['Pedro Phoned', 'manual', ''],
      ['Lucía Walk-in', 'manual', ''],
    ]);
    const filtered = await call<CustomerResponse[]>(`${api}/api/customers?platform=manual&q=luc`, {
      cookie: owner.cookie,
    });
    expect(filtered.body.map((c) => c.id)).toEqual([byEmail.body.id]);
    const conversations = await call<ConversationResponse[]>(`${api}/api/conversations?platform=manual`, {
      cookie: owner.cookie,
    });
    expect(conversations.body.map((c) => c.customerId).sort()).toEqual(
      [byEmail.body.id, byPhone.body.id].sort(),
    );
  });

  it('refuses a customer with none of email, phone or username: 400 naming the field, nothing stored', async () => {
    const before = await stored();
    for (const body of [{ name: 'Nobody' }, { name: 'Nobody', platform: 'manual', email: ' ', phone: '' }]) {
      const res = await add(body);
      expect({ body, status: res.status, answer: res.body }).toEqual({
        body,
        status: 400,
        answer: {
          message: 'Email, phone or platform username is required',
          code: 'VALIDATION_FAILED',
          field: 'platformUsername',
        },
      });
    }
    // On a channel the username stays required, as before.
    const onInstagram = await add({ name: 'Nobody', platform: 'instagram', email: 'nobody@example.com' });
    expect(onInstagram.status).toBe(400);
    expect(onInstagram.body).toMatchObject({
      message: 'Platform username is required',
      field: 'platformUsername',
    });
    expect(await stored()).toEqual(before);
  });

  it('keeps a reply to them in Parley, delivered nowhere', async () => {
    const added = await add({ name: 'Marta Counter', phone: '600 333 444' });
    const reply = await call<MessageResponse>(`${api}/api/messages/reply`, {
      body: { customerId: added.body.id, content: 'Your order is ready to collect.' },
      cookie: owner.cookie,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      platform: 'manual',
      status: 'sent',
      direction: 'outgoing',
      aiGenerated: false,
    });
  });

  it('does not simulate a message from `manual`', async () => {
    const res = await call(`${api}/api/simulate-message`, {
      body: { platform: 'manual', content: 'Hi', platformUsername: 'x', senderName: 'X' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'platform' });
  });
});
