import type {
  ConversationResponse,
  CustomerResponse,
  MessageResponse,
  WhatsAppTemplateResponse,
} from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import { SecretBox } from '../apps/integrations-service/src/secrets/secret-box';
import { connectPage } from '../apps/integrations-service/src/testing/connect-page';
import { FakeMeta, messengerText, whatsappText } from '../apps/integrations-service/src/testing/fake-meta';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const APP_ID = '770044556677';
const APP_SECRET = 'outbound-test-app-secret';
const PAGE = '23003';
/** The fake's default WhatsApp Business account and number, with its default templates. */
const WABA = '40001';
const PHONE = '50001';

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
    const box = integrations.app.get(SecretBox);
    await connectPage(db, a.id, 'facebook', {
      id: PAGE,
      name: 'Olive & Thread',
      tokenEnc: box.seal(fake.pageToken(PAGE)),
    });
    await connectPage(db, a.id, 'whatsapp', {
      id: PHONE,
      tokenEnc: box.seal(fake.userToken()),
      businessId: WABA,
    });
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
      body: { message: 'Nothing to change: send at least one of aiPaused, closed, read, assigneeId' },
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
      `update messaging_service.conversations set last_inbound_at = now() - interval '8 days' where customer_id = $1`,
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

  it('sends an approved WhatsApp template after the 24 hours, when nothing else may go', async () => {
    const waId = '34600111222';
    const answer = await fake.postWebhook(
      hook,
      whatsappText({
        wabaId: WABA,
        phoneNumberId: PHONE,
        waId,
        name: 'Lucía Gil',
        text: 'Is my order ready?',
      }),
    );
    expect(answer.status).toBe(200);
    const incoming = await until('the WhatsApp message in the inbox', async () => {
      const { body } = await call<MessageResponse[]>(`${stack.url}/api/messages`, { cookie: a.cookie });
      return body.find((m) => m.content === 'Is my order ready?');
    });
    await outgoingWith(incoming.customerId, (m) => m.aiGenerated && m.status === 'sent', 'the AI reply sent');
    // A day and a half later: WhatsApp allows only a template.
    await db(
      `update messaging_service.conversations set last_inbound_at = now() - interval '30 hours' where customer_id = $1`,
      [incoming.customerId],
    );
    await db(
      `update integrations_service.contacts set last_inbound_at = now() - interval '30 hours' where user_id = $1`,
      [waId],
    );
    const text = await call(`${stack.url}/api/messages/reply`, {
      body: { customerId: incoming.customerId, content: 'It ships today.' },
      cookie: a.cookie,
    });
    expect(text).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/approved template/) },
    });

    const templatesUrl = `${stack.url}/api/conversations/${incoming.customerId}/templates`;
    const templates = await call<WhatsAppTemplateResponse[]>(templatesUrl, { cookie: a.cookie });
    expect(templates.status).toBe(200);
    const orderUpdate = templates.body.find((t) => t.name === 'order_update');
    expect(orderUpdate).toMatchObject({ language: 'en_US', parameterCount: 2 });
    // Only approved templates Parley can fill in: no pending one, none with an image header.
    const offered = new Set(templates.body.map((t) => t.name));
    const approvedText = fake.whatsapp[0].templates.filter(
      (t) => t.status === 'APPROVED' && t.components.every((c) => c.type !== 'HEADER' || c.format === 'TEXT'),
    );
    expect(offered).toEqual(new Set(approvedText.map((t) => t.name)));

    const sendUrl = `${stack.url}/api/conversations/${incoming.customerId}/template`;
    const refusals = [
      [{ name: 'order_update', language: 'en_US', parameters: ['Lucía'] }, 'parameters'],
      [{ name: 'order_update', language: 'fr_FR', parameters: ['Lucía', '#88'] }, 'name'],
      [{ name: 'no_such_template', language: 'en_US', parameters: [] }, 'name'],
    ] as const;
    for (const [body, field] of refusals) {
      const res = await call(sendUrl, { body, cookie: a.cookie });
      expect({ body, status: res.status, answer: res.body }).toMatchObject({
        status: 400,
        answer: { code: 'VALIDATION_FAILED', field },
      });
    }
    const chosen = { name: 'order_update', language: 'en_US', parameters: ['Lucía', '#88'] };
    expect((await call(sendUrl, { body: chosen, cookie: b.cookie })).status).toBe(404);
    expect((await call(templatesUrl, { cookie: b.cookie })).status).toBe(404);

    const sent = await call<MessageResponse>(sendUrl, { body: chosen, cookie: a.cookie });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      direction: 'outgoing',
      aiGenerated: false,
      status: 'queued',
      template: { name: 'order_update', language: 'en_US' },
    });
    expect(sent.body.content).toContain('Lucía');
    expect(sent.body.content).toContain('#88');
    const atMeta = await until('the template at the send API', async () =>
      fake.sent.find((s) => s.recipientId === waId && s.template !== undefined),
    );
    expect(atMeta).toMatchObject({
      platform: 'whatsapp',
      pageId: PHONE,
      text: sent.body.content,
      template: chosen,
    });
    await outgoingWith(
      incoming.customerId,
      (m) => m.id === sent.body.id && m.status === 'sent',
      'the template sent',
    );
    // A person wrote: the AI leaves the customer alone.
    expect((await customerOf(a, incoming.customerId))?.aiPausedUntil).not.toBeNull();
    // Nothing but a template goes to a customer elsewhere.
    const messenger = await customerWrites('9007', 'Hello there');
    const notWhatsApp = await call(`${stack.url}/api/conversations/${messenger.customerId}/templates`, {
      cookie: a.cookie,
    });
    expect(notWhatsApp).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
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
    expect(reply).toMatchObject({ status: 'simulated', isTest: true });
    const manual = await call<MessageResponse>(`${stack.url}/api/messages/reply`, {
      body: { customerId: simulated.body.customerId, content: 'Only stored.' },
      cookie: a.cookie,
    });
    expect(manual.body).toMatchObject({ status: 'simulated', isTest: true });
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
