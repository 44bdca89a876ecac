import type { CustomerResponse, MessageResponse, OAuthConnectResponse } from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import {
  DEFAULT_X_CUSTOMER,
  FakeX,
  signXBody,
  xDirectMessage,
} from '../apps/integrations-service/src/testing/fake-x';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const X = {
  clientId: 'x-stack-client',
  clientSecret: 'x-stack-client-secret',
  consumerSecret: 'x-stack-consumer-secret',
  webhookId: '1500000000000000042',
  appBearer: 'x-stack-app-bearer',
};

/**
 * X's direct messages on the whole stack, as the browser and X reach it: connecting through the gateway's
 * OAuth routes (fake X), X's CRC and signed webhooks on /api/webhooks/x into the inbox, an echo pausing the
 * AI, and the AI's reply leaving through X's DM API.
 */
describe('channels: X direct messages over HTTP', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let fake: FakeX;
  let hook: string;
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    fake = new FakeX(X);
    await fake.start();
    ({ infra, smtp, stack } = await startSystemStack({
      X_CLIENT_ID: X.clientId,
      X_CLIENT_SECRET: X.clientSecret,
      X_CONSUMER_SECRET: X.consumerSecret,
      X_WEBHOOK_ID: X.webhookId,
      X_APP_BEARER_TOKEN: X.appBearer,
      X_API_URL: fake.url,
      X_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
    }));
    hook = `${stack.url}/api/webhooks/x`;
    fake.setWebhookUrl(hook);
    owner = await signedInOwner(stack.url, smtp, 'owner@x-channel.example');
    const saved = await call(`${stack.url}/api/ai-config`, {
      method: 'PUT',
      body: {
        companyName: 'Olive & Thread',
        companyDescription: 'Linen clothes.',
        autoRespond: true,
        responseDelay: 0,
      },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);
  }, 90_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
    await fake?.stop();
  });

  const db = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    sql<T>(infra.env.DATABASE_URL, text, params);
  const events = async () =>
    (await db<{ n: number }>('select count(*)::int as n from integrations_service.webhook_events'))[0].n;
  const messages = async () =>
    (await call<MessageResponse[]>(`${stack.url}/api/messages`, { cookie: owner.cookie })).body;
  const messageSaying = (text: string) =>
    until(`"${text}" in the inbox`, async () => (await messages()).find((m) => m.content === text), 15_000);
  const customer = async (platformUsername: string) =>
    (await call<CustomerResponse[]>(`${stack.url}/api/customers`, { cookie: owner.cookie })).body.find(
      (c) => c.platformUsername === platformUsername,
    );
  const account = () => ({
    id: fake.account.id,
    name: fake.account.name,
    screen_name: fake.account.screen_name,
  });

  it('connects X through its authorisation page and returns to the dashboard', async () => {
    const connect = await call<OAuthConnectResponse>(`${stack.url}/api/auth/twitter/connect`, {
      cookie: owner.cookie,
    });
    expect(connect.status).toBe(200);
    const authUrl = new URL(connect.body.authUrl);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    const fromX = await fetch(authUrl, { redirect: 'manual' });
    const callback = fromX.headers.get('location') ?? '';
    expect(callback.startsWith(`${stack.url}/api/auth/twitter/callback?`)).toBe(true);
    const back = await fetch(callback, { redirect: 'manual', headers: { cookie: owner.cookie } });
    expect(back.headers.get('location')).toBe('/dashboard?connected=twitter');
    // The same link again is spent.
    const again = await fetch(callback, { redirect: 'manual', headers: { cookie: owner.cookie } });
    expect(again.headers.get('location')).toBe('/setup/twitter?error=used');
    const list = await call<{ platform: string; isActive: boolean }[]>(
      `${stack.url}/api/social-integrations`,
      {
        cookie: owner.cookie,
      },
    );
    expect(list.body).toEqual([
      expect.objectContaining({ platform: 'twitter', isActive: true, pageName: '@parleyshop' }),
    ]);
    expect(fake.subscriptions.has(fake.account.id)).toBe(true);
  });

  it("answers X's CRC check at /api/webhooks/x", async () => {
    expect(await fake.crc()).toBe(true);
    const missing = await call(`${hook}`);
    expect(missing.status).toBe(400);
  });

  it('refuses a missing signature (401) and a wrong one (403), storing nothing', async () => {
    const before = await events();
    const payload = xDirectMessage({
      forUserId: fake.account.id,
      from: DEFAULT_X_CUSTOMER,
      to: account(),
      text: 'forged',
      id: '9',
    });
    expect((await fake.postWebhook(payload, { signature: null })).status).toBe(401);
    expect(
      (await fake.postWebhook(payload, { signature: signXBody('not the secret', JSON.stringify(payload)) }))
        .status,
    ).toBe(403);
    expect(await events()).toBe(before);
  });

  it('puts a DM in the inbox under the customer’s X name, once however often X sends it, and the AI reply reaches X', async () => {
    const id = await fake.customerWrites('Do you ship to Porto?');
    const payload = xDirectMessage({
      forUserId: fake.account.id,
      from: DEFAULT_X_CUSTOMER,
      to: account(),
      text: 'Do you ship to Porto?',
      id,
    });
    expect((await fake.postWebhook(payload)).status).toBe(200);
    const incoming = await messageSaying('Do you ship to Porto?');
    expect(incoming).toMatchObject({
      platform: 'twitter',
      direction: 'incoming',
      customerName: DEFAULT_X_CUSTOMER.name,
    });
    const reply = await until(
      'the AI reply at X',
      async () => fake.sent.find((dm) => dm.participantId === DEFAULT_X_CUSTOMER.id),
      20_000,
    );
    const stored = await until('the reply marked sent', async () =>
      (await messages()).find(
        (m) => m.direction === 'outgoing' && m.content === reply.text && m.status === 'sent',
      ),
    );
    expect(stored.aiGenerated).toBe(true);
    const [delivery] = await db<{ platform_message_id: string }>(
      'select platform_message_id from integrations_service.deliveries where text = $1',
      [reply.text],
    );
    expect(delivery.platform_message_id).toBe(reply.dmEventId);
    expect((await messages()).filter((m) => m.content === 'Do you ship to Porto?')).toHaveLength(1);
    expect((await customer(DEFAULT_X_CUSTOMER.id))?.aiPausedUntil).toBeNull();
  });

  it("takes a reply sent from X's own app as a person's, and pauses the AI", async () => {
    await fake.postWebhook(
      xDirectMessage({
        forUserId: fake.account.id,
        from: account(),
        to: DEFAULT_X_CUSTOMER,
        text: 'Ana here, from the shop',
        id: '1890000000000000001',
      }),
    );
    const byHand = await messageSaying('Ana here, from the shop');
    expect(byHand).toMatchObject({ direction: 'outgoing', aiGenerated: false, platform: 'twitter' });
    expect((await customer(DEFAULT_X_CUSTOMER.id))?.aiPausedUntil).not.toBeNull();
  });
});
