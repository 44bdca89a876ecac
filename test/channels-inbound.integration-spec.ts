import { randomUUID } from 'node:crypto';
import type { CustomerResponse, MessageResponse, MetaChannel } from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import { SecretBox } from '../apps/integrations-service/src/secrets/secret-box';
import { connectPage, type PageToConnect } from '../apps/integrations-service/src/testing/connect-page';
import {
  FakeMeta,
  instagramText,
  messengerAttachment,
  messengerDelivery,
  messengerEcho,
  messengerRead,
  messengerText,
  signMetaBody,
  whatsappStatus,
  whatsappText,
} from '../apps/integrations-service/src/testing/fake-meta';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const APP_ID = '770011223344';
const APP_SECRET = 'inbound-test-app-secret';
const VERIFY_TOKEN = 'inbound-test-verify-token';

const PAGE_A = '21001';
const IG_A = '31001';
const PHONE_A = '51001';
const WABA_A = '41001';
const PAGE_B = '22002';

/**
 * Meta's webhooks through the gateway on the whole stack: GET and POST /api/webhooks/meta as Meta sends
 * them (the fake Meta signs), into integrations-service and on to messaging-service's inbox.
 */
describe('channels in: Meta webhooks over HTTP to the inbox', () => {
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
      pages: [
        {
          id: PAGE_A,
          name: 'Olive & Thread',
          instagram_business_account: { id: IG_A, username: 'olive', name: 'Olive' },
        },
        { id: PAGE_B, name: 'Rival Shop' },
      ],
      whatsapp: [{ wabaId: WABA_A, phoneNumbers: [{ id: PHONE_A, display: '+1 555 0100', name: 'Olive' }] }],
      profiles: {
        '7001': { first_name: 'Ana', last_name: 'Ruiz' },
        '8001': { name: 'Bea Soto', username: 'bea.soto' },
      },
    });
    await fake.start();
    ({ infra, smtp, stack } = await startSystemStack({
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: VERIFY_TOKEN,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
    }));
    hook = `${stack.url}/api/webhooks/meta`;
    a = await signedInOwner(stack.url, smtp, 'owner@olive-inbound.example');
    b = await signedInOwner(stack.url, smtp, 'owner@rival-inbound.example');
    for (const owner of [a, b]) {
      // No AI replies while these tests look at the inbox.
      const saved = await call(`${stack.url}/api/ai-config`, {
        method: 'PUT',
        body: { companyName: 'Shop', companyDescription: 'A shop.', autoRespond: false },
        cookie: owner.cookie,
      });
      expect(saved.status).toBe(200);
    }
    const integrations = stack.services.get('integrations-service');
    if (!integrations) throw new Error('integrations-service is not running');
    const box = integrations.app.get(SecretBox);
    const connect = (ownerId: string, platform: MetaChannel, page: PageToConnect) =>
      connectPage(db, ownerId, platform, page);
    await connect(a.id, 'facebook', { id: PAGE_A, tokenEnc: box.seal(fake.pageToken(PAGE_A)) });
    await connect(a.id, 'instagram', {
      id: IG_A,
      tokenEnc: box.seal(fake.pageToken(PAGE_A)),
      businessId: PAGE_A,
    });
    await connect(a.id, 'whatsapp', {
      id: PHONE_A,
      tokenEnc: box.seal(fake.userToken()),
      businessId: WABA_A,
    });
    await connect(b.id, 'facebook', { id: PAGE_B, tokenEnc: box.seal(fake.pageToken(PAGE_B)) });
  }, 90_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
    await fake?.stop();
  });

  afterEach(() => fake.reset());

  const db = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    sql<T>(infra.env.DATABASE_URL, text, params);

  const events = async () =>
    (await db<{ n: number }>('select count(*)::int as n from integrations_service.webhook_events'))[0].n;

  async function settled(): Promise<void> {
    await until('every webhook event processed', async () => {
      const [row] = await db<{ n: number }>(
        'select count(*)::int as n from integrations_service.webhook_events where processed_at is null',
      );
      return row.n === 0 ? true : undefined;
    });
  }

  const messages = async (owner: { cookie: string }, query = '') =>
    (await call<MessageResponse[]>(`${stack.url}/api/messages${query}`, { cookie: owner.cookie })).body;

  const customers = async (owner: { cookie: string }) =>
    (await call<CustomerResponse[]>(`${stack.url}/api/customers`, { cookie: owner.cookie })).body;

  /** Waits for the owner's message whose content is `content` (the job runs after the 200). */
  const messageSaying = (owner: { cookie: string }, content: string) =>
    until(`a message saying "${content}"`, async () =>
      (await messages(owner)).find((m) => m.content === content),
    );

  /** Waits for the owner's customer of this platform id to be named `name` (named after the message is stored). */
  const customerNamed = (owner: { cookie: string }, platformUsername: string, name: string) =>
    until(`customer ${platformUsername} named "${name}"`, async () =>
      (await customers(owner)).find((c) => c.platformUsername === platformUsername && c.name === name),
    );

  describe('GET /api/webhooks/meta (verification)', () => {
    it('answers the challenge as plain text when the verify token matches', async () => {
      const res = await fetch(
        `${hook}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('1158201444');
    });

    it('refuses a wrong verify token with 403', async () => {
      const res = await fetch(`${hook}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444`);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN' });
    });
  });

  describe('POST /api/webhooks/meta (signatures and bodies)', () => {
    const payload = () => messengerText({ pageId: PAGE_A, psid: '7001', text: 'Signed?' });

    it('acknowledges a signed event with 200, with the headers every answer carries', async () => {
      const answer = await fake.postWebhook(hook, payload());
      expect(answer).toEqual({ status: 200, body: 'EVENT_RECEIVED' });
      const body = JSON.stringify(payload());
      const res = await fetch(hook, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': signMetaBody(APP_SECRET, body),
        },
        body,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-request-id')).toBeTruthy();
      await settled();
    });

    it('refuses a missing signature (401) and a wrong one (403), storing nothing', async () => {
      const before = await events();
      const missing = await fake.postWebhook(hook, payload(), { signature: null });
      expect(missing.status).toBe(401);
      expect(JSON.parse(missing.body)).toMatchObject({ code: 'UNAUTHENTICATED' });
      const body = JSON.stringify(payload());
      const wrong = await fake.postWebhook(hook, body, { signature: signMetaBody('not-our-secret', body) });
      expect(wrong.status).toBe(403);
      expect(JSON.parse(wrong.body)).toMatchObject({ code: 'FORBIDDEN' });
      expect(await events()).toBe(before);
    });

    it('checks the bytes as sent: the same JSON spaced differently is another signature', async () => {
      const body = JSON.stringify(payload());
      const spaced = JSON.stringify(JSON.parse(body), null, 2);
      const answer = await fake.postWebhook(hook, spaced, { signature: signMetaBody(APP_SECRET, body) });
      expect(answer.status).toBe(403);
      const signedSpaced = await fake.postWebhook(hook, spaced);
      expect(signedSpaced.status).toBe(200);
      await settled();
    });

    it('refuses a signed body that is not JSON (400) and one over 1 MB (413)', async () => {
      const before = await events();
      const broken = await fake.postWebhook(hook, '{"object":"page","entry":[');
      expect(broken.status).toBe(400);
      const huge = `{"object":"page","entry":[],"pad":"${'x'.repeat(1_100_000)}"}`;
      const large = await fake
        .postWebhook(hook, huge)
        .catch((error: Error) => ({ status: 0, body: error.message }));
      expect(large.status).toBe(413);
      expect(JSON.parse(large.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      expect(await events()).toBe(before);
    });
  });

  describe('customer messages', () => {
    it('turns Messenger, Instagram and WhatsApp texts into messages of the page owner, named from the profile', async () => {
      await fake.postWebhook(
        hook,
        messengerText({ pageId: PAGE_A, psid: '7001', text: 'Do you ship to Lyon?' }),
      );
      await fake.postWebhook(hook, instagramText({ igId: IG_A, igsid: '8001', text: '¿Tenéis talla M?' }));
      await fake.postWebhook(
        hook,
        whatsappText({
          wabaId: WABA_A,
          phoneNumberId: PHONE_A,
          waId: '34600111222',
          name: 'Lucía',
          text: 'Is it linen?',
        }),
      );
      // The id stays the platform username; the name is the profile's (read once the message is stored).
      expect(await customerNamed(a, '7001', 'Ana Ruiz')).toMatchObject({ platform: 'facebook' });
      await customerNamed(a, '8001', 'Bea Soto');
      const fb = await messageSaying(a, 'Do you ship to Lyon?');
      const ig = await messageSaying(a, '¿Tenéis talla M?');
      const wa = await messageSaying(a, 'Is it linen?');
      expect([fb, ig, wa].map((m) => [m.platform, m.customerName, m.direction, m.status])).toEqual([
        ['facebook', 'Ana Ruiz', 'incoming', 'pending'],
        ['instagram', 'Bea Soto', 'incoming', 'pending'],
        ['whatsapp', 'Lucía', 'incoming', 'pending'],
      ]);
      const people = await customers(a);
      expect(people.find((c) => c.platformUsername === '34600111222')).toMatchObject({
        name: 'Lucía',
        platform: 'whatsapp',
        reachable: true,
      });
      expect((await messages(b)).map((m) => m.content)).not.toContain('Do you ship to Lyon?');
    });

    it('keeps a customer whose profile Meta will not give, unnamed (the web says "Messenger customer")', async () => {
      fake.failNext({ match: 'profile', status: 500 });
      await fake.postWebhook(hook, messengerText({ pageId: PAGE_A, psid: '7400', text: 'Nameless here' }));
      const message = await messageSaying(a, 'Nameless here');
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await customers(a)).find((c) => c.platformUsername === '7400')).toMatchObject({
        name: '',
        platform: 'facebook',
        reachable: true,
      });
      expect(message.customerName).toBe('');
      // The next message asks again, and the customer and their messages take the name.
      await fake.postWebhook(hook, messengerText({ pageId: PAGE_A, psid: '7400', text: 'Still here' }));
      await customerNamed(a, '7400', 'Customer 7400');
      expect((await messageSaying(a, 'Nameless here')).customerName).toBe('Customer 7400');
    });

    it('renames a customer whose profile name changed, once the profile is asked again', async () => {
      await fake.postWebhook(hook, messengerText({ pageId: PAGE_A, psid: '7500', text: 'Hi from Dani' }));
      await customerNamed(a, '7500', 'Customer 7500');
      fake.setProfile('7500', { first_name: 'Dani', last_name: 'Mora', name: 'Dani Mora' });
      // As if PROFILE_REFRESH_DAYS had passed since the profile was read.
      await db(
        `update integrations_service.contacts set profile_read_at = now() - interval '30 days' where user_id = $1`,
        ['7500'],
      );
      await fake.postWebhook(hook, messengerText({ pageId: PAGE_A, psid: '7500', text: 'New name' }));
      await customerNamed(a, '7500', 'Dani Mora');
      expect((await customers(a)).filter((c) => c.platformUsername === '7500')).toHaveLength(1);
    });

    it('stores an attachment as a link with its type', async () => {
      await fake.postWebhook(
        hook,
        messengerAttachment({
          pageId: PAGE_A,
          psid: '7001',
          type: 'image',
          url: 'https://cdn.example/photo.jpg',
        }),
      );
      const photo = await messageSaying(a, '[image]');
      expect(photo.attachments).toEqual([{ type: 'image', url: 'https://cdn.example/photo.jpg' }]);
    });

    it('stores a redelivered event once', async () => {
      const body = messengerText({
        pageId: PAGE_A,
        psid: '7001',
        text: 'Only once, please',
        mid: `m_${randomUUID()}`,
      });
      expect((await fake.postWebhook(hook, body)).status).toBe(200);
      expect((await fake.postWebhook(hook, body)).status).toBe(200);
      await messageSaying(a, 'Only once, please');
      await settled();
      expect((await messages(a)).filter((m) => m.content === 'Only once, please')).toHaveLength(1);
    });

    it('acknowledges an event for a page nobody connected, and stores no message', async () => {
      const answer = await fake.postWebhook(
        hook,
        messengerText({ pageId: '99999', psid: '7001', text: 'Anyone there?' }),
      );
      expect(answer.status).toBe(200);
      await settled();
      for (const owner of [a, b])
        expect((await messages(owner)).map((m) => m.content)).not.toContain('Anyone there?');
    });

    it("keeps owner B's page to owner B", async () => {
      await fake.postWebhook(
        hook,
        messengerText({ pageId: PAGE_B, psid: '7001', text: 'For the rival shop' }),
      );
      await customerNamed(b, '7001', 'Ana Ruiz');
      const theirs = await messageSaying(b, 'For the rival shop');
      expect(theirs.customerName).toBe('Ana Ruiz');
      await settled();
      expect((await messages(a)).map((m) => m.content)).not.toContain('For the rival shop');
    });
  });

  describe('echoes', () => {
    it("stores a reply a person sent from the page's inbox and pauses the AI; ignores our app's own", async () => {
      await fake.postWebhook(hook, messengerText({ pageId: PAGE_A, psid: '7300', text: 'Hello shop' }));
      await messageSaying(a, 'Hello shop');
      await fake.postWebhook(
        hook,
        messengerEcho({ pageId: PAGE_A, psid: '7300', text: 'Sent by Parley', appId: APP_ID }),
      );
      await fake.postWebhook(
        hook,
        messengerEcho({ pageId: PAGE_A, psid: '7300', text: 'Hi, Ana from the shop here' }),
      );
      const byHand = await messageSaying(a, 'Hi, Ana from the shop here');
      expect(byHand).toMatchObject({ direction: 'outgoing', aiGenerated: false, platform: 'facebook' });
      await settled();
      expect((await messages(a)).map((m) => m.content)).not.toContain('Sent by Parley');
      const customer = (await customers(a)).find((c) => c.platformUsername === '7300');
      expect(customer?.aiPausedUntil).not.toBeNull();
    });
  });

  describe('delivery, read and WhatsApp status', () => {
    /** The owner's manual reply to the customer, once the delivery job has sent it to the fake. */
    async function replied(owner: { cookie: string }, platformUsername: string, content: string) {
      const customer = (await customers(owner)).find((c) => c.platformUsername === platformUsername);
      if (!customer) throw new Error(`no customer ${platformUsername}`);
      const reply = await call<MessageResponse>(`${stack.url}/api/messages/reply`, {
        body: { customerId: customer.id, content },
        cookie: owner.cookie,
      });
      expect(reply.status).toBe(201);
      const sent = await until(`the send of "${content}"`, async () =>
        fake.sent.find((s) => s.text === content),
      );
      await until('the reply marked sent', async () =>
        (await messages(owner)).find((m) => m.id === reply.body.id && m.status === 'sent'),
      );
      return { id: reply.body.id, mid: sent.messageId };
    }

    const statusOf = async (owner: { cookie: string }, id: string) =>
      (await messages(owner)).find((m) => m.id === id);

    it('moves a Messenger reply to delivered then read, and never back', async () => {
      await fake.postWebhook(
        hook,
        messengerText({ pageId: PAGE_A, psid: '7400', text: 'Is the blue one in stock?' }),
      );
      await messageSaying(a, 'Is the blue one in stock?');
      const { id, mid } = await replied(a, '7400', 'Yes, in every size.');

      await fake.postWebhook(
        hook,
        messengerDelivery({ pageId: PAGE_A, psid: '7400', mids: [mid], watermark: Date.now() }),
      );
      await until('delivered', async () =>
        (await statusOf(a, id))?.status === 'delivered' ? true : undefined,
      );
      await fake.postWebhook(hook, messengerRead({ pageId: PAGE_A, psid: '7400', watermark: Date.now() }));
      await until('read', async () => ((await statusOf(a, id))?.status === 'read' ? true : undefined));

      await fake.postWebhook(
        hook,
        messengerDelivery({ pageId: PAGE_A, psid: '7400', mids: [mid], watermark: Date.now() }),
      );
      await settled();
      expect((await statusOf(a, id))?.status).toBe('read');
    }, 30_000);

    it('marks a WhatsApp reply failed with the reason Meta gives', async () => {
      await fake.postWebhook(
        hook,
        whatsappText({
          wabaId: WABA_A,
          phoneNumberId: PHONE_A,
          waId: '34600999888',
          name: 'Iker',
          text: 'Do you deliver?',
        }),
      );
      await messageSaying(a, 'Do you deliver?');
      const { id, mid } = await replied(a, '34600999888', 'We do, in 48 h.');
      await fake.postWebhook(
        hook,
        whatsappStatus({
          wabaId: WABA_A,
          phoneNumberId: PHONE_A,
          id: mid,
          status: 'failed',
          recipientId: '34600999888',
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              error_data: { details: 'The number is not on WhatsApp.' },
            },
          ],
        }),
      );
      const failed = await until('failed', async () => {
        const message = await statusOf(a, id);
        return message?.status === 'failed' ? message : undefined;
      });
      expect(failed.failureReason).toBe('The number is not on WhatsApp.');
    }, 30_000);
  });
});
