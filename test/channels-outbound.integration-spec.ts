import { randomUUID } from 'node:crypto';
import type { ConversationResponse, CustomerResponse, MessageResponse, MetaChannel } from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import { SecretBox } from '../apps/integrations-service/src/secrets/secret-box';
import { FakeMeta, messengerText } from '../apps/integrations-service/src/testing/fake-meta';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const APP_ID = '770044556677';
const APP_SECRET = 'outbound-test-app-secret';
const PAGE = '23003';

/**
 * Replies out through the whole stack: a customer writes to a connected page (a signed webhook from the
 * fake Meta), the AI's reply and the owner's replies leave through integrations-service to the fake's
 * send API, and the thread follows where each stands. A simulated customer is never sent anything.
 */
describe('channels out: replies delivered through the send API, as the thread shows', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let fake: FakeMeta;
  let hook: string;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };

  beforeAll(async () => {
    fake = new FakeMeta({
      appId: APP_ID,
      appSecret: APP_SECRET,
      pages: [{ id: PAGE, name: 'Olive & Thread' }],
      profiles: { '9001': { first_name: 'Ana', last_name: 'Ruiz' }, '9002': { name: 'Bea Soto' } },
    });
    await fake.start();
    ({ infra, smtp, stack } = await startSystemStack({
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
    }));
    hook = `${stack.url}/api/webhooks/meta`;
    fake.setWebhookUrl(hook);
    a = await signedInOwner(stack.url, smtp, 'owner@olive-outbound.example');
    b = await signedInOwner(stack.url, smtp, 'owner@rival-outbound.example');
    const saved = await call(`${stack.url}/api/ai-config`, {
      method: 'PUT',
      body: {
        companyName: 'Olive & Thread',
        companyDescription: 'Handmade linen clothes, shipped from Valencia.',
        autoRespond: true,
        responseDelay: 0,
      },
      cookie: a.cookie,
    });
    expect(saved.status).toBe(200);
    const integrations = stack.services.get('integrations-service');
    if (!integrations) throw new Error('integrations-service is not running');
    await connectPage(a.id, 'facebook', PAGE, integrations.app.get(SecretBox).seal(fake.pageToken(PAGE)));
  }, 90_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
    await fake?.stop();
  });

  afterEach(() => {
    fake.autoStatus = false;
    fake.reset();
  });

  const db = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    sql<T>(infra.env.DATABASE_URL, text, params);

  /** The owner's connected page as the connect flow stores it (its token sealed). */
  async function connectPage(ownerId: string, platform: MetaChannel, pageId: string, tokenEnc: string) {
    await db(
      `insert into integrations_service.integrations (id, owner_id, platform, is_active, is_configured)
       values ($1, $2, $3, true, true)`,
      [randomUUID(), ownerId, platform],
    );
    await db(
      `insert into integrations_service.pages (id, owner_id, integration_id, platform, page_id, page_name, access_token_enc)
       select $1, $2, id, $3, $4, 'Olive & Thread', $5 from integrations_service.integrations
        where owner_id = $2 and platform = $3`,
      [randomUUID(), ownerId, platform, pageId, tokenEnc],
    );
  }

  const thread = async (owner: { cookie: string }, customerId: string) =>
    (
      await call<MessageResponse[]>(`${stack.url}/api/messages?customerId=${customerId}`, {
        cookie: owner.cookie,
      })
    ).body;

  const customerOf = async (owner: { cookie: string }, customerId: string) =>
    (await call<CustomerResponse[]>(`${stack.url}/api/customers`, { cookie: owner.cookie })).body.find(
      (c) => c.id === customerId,
    );

  /** A customer writes to the page; answers their incoming message once it is in the inbox. */
  async function customerWrites(psid: string, text: string): Promise<MessageResponse> {
    const answer = await fake.postWebhook(hook, messengerText({ pageId: PAGE, psid, text }));
    expect(answer.status).toBe(200);
    return until(`"${text}" in the inbox`, async () => {
      const { body } = await call<MessageResponse[]>(`${stack.url}/api/messages`, { cookie: a.cookie });
      return body.find((m) => m.content === text);
    });
  }

  /** The outgoing message of the thread whose content is `content`, once its status is `status`. */
  const outgoingWith = (customerId: string, match: (m: MessageResponse) => boolean, what: string) =>
    until(
      what,
      async () => (await thread(a, customerId)).find((m) => m.direction === 'outgoing' && match(m)),
      15_000,
    );

  it("delivers the AI's reply to the page's customer, and the thread follows it to read", async () => {
    fake.autoStatus = true;
    const incoming = await customerWrites('9001', 'Do you ship to Seville?');
    const reply = await outgoingWith(incoming.customerId, (m) => m.aiGenerated, 'the AI reply');
    const sent = await until('the reply at the send API', async () =>
      fake.sent.find((s) => s.text === reply.content),
    );
    expect(sent).toMatchObject({
      platform: 'facebook',
      pageId: PAGE,
      recipientId: '9001',
      messagingType: 'RESPONSE',
    });
    // Sent, then delivered and read from the status webhooks Meta posts after a send.
    const read = await outgoingWith(
      incoming.customerId,
      (m) => m.id === reply.id && m.status === 'read',
      'read',
    );
    expect(read).toMatchObject({ aiGenerated: true, failureReason: null, customerName: 'Ana Ruiz' });
    // The echo of Parley's own send is neither stored again nor taken for a person answering.
    const messages = await thread(a, incoming.customerId);
    expect(messages.map((m) => [m.direction, m.aiGenerated])).toEqual([
      ['outgoing', true],
      ['incoming', false],
    ]);
    expect((await customerOf(a, incoming.customerId))?.aiPausedUntil).toBeNull();
  });

  it("delivers the owner's reply, pauses the AI, and PATCH /api/conversations resumes it", async () => {
    const incoming = await customerWrites('9002', 'Can I pick it up in person?');
    await outgoingWith(incoming.customerId, (m) => m.aiGenerated && m.status === 'sent', 'the AI reply sent');
    const reply = await call<MessageResponse>(`${stack.url}/api/messages/reply`, {
      body: { customerId: incoming.customerId, content: 'Yes, at our Valencia shop.' },
      cookie: a.cookie,
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ status: 'queued', aiGenerated: false });
    await outgoingWith(incoming.customerId, (m) => m.id === reply.body.id && m.status === 'sent', 'sent');
    expect(fake.sent.map((s) => s.text)).toContain('Yes, at our Valencia shop.');
    expect((await customerOf(a, incoming.customerId))?.aiPausedUntil).not.toBeNull();

    const resumed = await call<ConversationResponse>(
      `${stack.url}/api/conversations/${incoming.customerId}`,
      {
        method: 'PATCH',
        body: { aiPaused: false },
        cookie: a.cookie,
      },
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({
      customerId: incoming.customerId,
      reachable: true,
      aiPaused: false,
      aiPausedUntil: null,
    });
    const foreign = await call(`${stack.url}/api/conversations/${incoming.customerId}`, {
      method: 'PATCH',
      body: { aiPaused: true },
      cookie: b.cookie,
    });
    expect(foreign.status).toBe(404);
    const invalid = await call(`${stack.url}/api/conversations/${incoming.customerId}`, {
      method: 'PATCH',
      body: {},
      cookie: a.cookie,
    });
    expect(invalid).toMatchObject({
      status: 400,
      body: { message: 'Nothing to change: send at least one of aiPaused, closed, read' },
    });

    const one = await call<CustomerResponse>(`${stack.url}/api/customers/${incoming.customerId}`, {
      cookie: a.cookie,
    });
    expect(one).toMatchObject({
      status: 200,
      body: { id: incoming.customerId, reachable: true, aiPausedUntil: null },
    });
    expect(one.body.lastInboundAt).not.toBeNull();
    expect(
      (await call(`${stack.url}/api/customers/${incoming.customerId}`, { cookie: b.cookie })).status,
    ).toBe(404);
  });

  it('POST /api/messages/send delivers to a recipient ID, and says why it cannot', async () => {
    const incoming = await customerWrites('9003', 'Hello from the panel test');
    const ok = await call<MessageResponse>(`${stack.url}/api/messages/send`, {
      body: { platform: 'facebook', recipientId: '9003', message: 'Your order left today.' },
      cookie: a.cookie,
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      customerId: incoming.customerId,
      status: 'queued',
      direction: 'outgoing',
    });
    await until('the panel message at the send API', async () =>
      fake.sent.find((s) => s.text === 'Your order left today.'),
    );

    const incomplete = await call(`${stack.url}/api/messages/send`, {
      body: { platform: 'facebook', recipientId: '9003' },
      cookie: a.cookie,
    });
    expect(incomplete).toMatchObject({
      status: 400,
      body: { message: 'Please select a platform, enter recipient ID, and write a message.' },
    });
    const unknown = await call(`${stack.url}/api/messages/send`, {
      body: { platform: 'instagram', recipientId: '9003', message: 'Hi' },
      cookie: a.cookie,
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { message: 'No customer with recipient ID 9003 on Instagram.' },
    });
    const foreign = await call(`${stack.url}/api/messages/send`, {
      body: { platform: 'facebook', recipientId: '9003', message: 'Hi' },
      cookie: b.cookie,
    });
    expect(foreign.status).toBe(404);
  });

  it('shows why a send failed: Meta refused it, or the window closed', async () => {
    const incoming = await customerWrites('9004', 'Is the shirt in white?');
    await outgoingWith(incoming.customerId, (m) => m.aiGenerated && m.status === 'sent', 'the AI reply sent');
    fake.failNext({
      match: 'send',
      status: 400,
      code: 551,
      message: 'This person is not available right now.',
    });
    const refused = await call<MessageResponse>(`${stack.url}/api/messages/reply`, {
      body: { customerId: incoming.customerId, content: 'Yes, in white and blue.' },
      cookie: a.cookie,
    });
    expect(refused.status).toBe(201);
    const failed = await outgoingWith(
      incoming.customerId,
      (m) => m.id === refused.body.id && m.status === 'failed',
      'the reply failed',
    );
    expect(failed.failureReason).toBe('This person is not available right now.');

    // Eight days later, no one may write to them: refused before anything is stored.
    await db(
      `update messaging_service.customers set last_inbound_at = now() - interval '8 days' where id = $1`,
      [incoming.customerId],
    );
    const late = await call(`${stack.url}/api/messages/reply`, {
      body: { customerId: incoming.customerId, content: 'Still interested?' },
      cookie: a.cookie,
    });
    expect(late).toMatchObject({
      status: 409,
      body: {
        code: 'CONFLICT',
        message:
          'The customer wrote more than 7 days ago: Messenger allows no message until they write again.',
      },
    });
    expect((await thread(a, incoming.customerId)).map((m) => m.content)).not.toContain('Still interested?');
  });

  it("never sends a simulated customer's replies anywhere", async () => {
    const simulated = await call<{ messageId: string; customerId: string }>(
      `${stack.url}/api/simulate-message`,
      {
        body: {
          platform: 'facebook',
          platformUsername: '9999',
          senderName: 'Sim',
          content: 'Do you ship to Lyon?',
        },
        cookie: a.cookie,
      },
    );
    expect(simulated.status).toBe(201);
    const reply = await outgoingWith(simulated.body.customerId, (m) => m.aiGenerated, 'the AI reply');
    expect(reply.status).toBe('sent');
    const manual = await call<MessageResponse>(`${stack.url}/api/messages/reply`, {
      body: { customerId: simulated.body.customerId, content: 'Only stored.' },
      cookie: a.cookie,
    });
    expect(manual.body.status).toBe('sent');
    const panel = await call(`${stack.url}/api/messages/send`, {
      body: { platform: 'facebook', recipientId: '9999', message: 'Hi' },
      cookie: a.cookie,
    });
    expect(panel).toMatchObject({
      status: 409,
      body: { message: 'Sim did not write through a connected Facebook account: nothing can be delivered.' },
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fake.sent.filter((s) => s.recipientId === '9999')).toEqual([]);
    const deliveries = await db(
      `select d.message_id from integrations_service.deliveries d where d.recipient_id = '9999'`,
    );
    expect(deliveries).toEqual([]);
  });
});
