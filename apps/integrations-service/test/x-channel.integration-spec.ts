import { randomUUID } from 'node:crypto';
import {
  type DeliveryRequest,
  type DeliveryStatusData,
  ErrorCode,
  type IngestMessageData,
  INTEGRATIONS_SUBJECTS,
  MESSAGING_SUBJECTS,
  type OAuthCallbackResult,
  type OAuthConnectResponse,
  type SocialIntegrationResponse,
  webhookSubject,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  REDIS,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra, until } from '@parley/server-kit/testing';
import type { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { integrationsServiceModule } from '../src/app.module';
import { IntegrationsConfig } from '../src/config/integrations.config';
import { pkceChallenge } from '../src/connections/pkce';
import { HealthCheckProcessor } from '../src/health-checks/health-check.processor';
import { SecretBox } from '../src/secrets/secret-box';
import { DEFAULT_X_CUSTOMER, FakeX, signXBody, xDirectMessage } from '../src/testing/fake-x';

const X = {
  clientId: 'x-client-1',
  clientSecret: 'x-client-secret-1',
  consumerSecret: 'x-consumer-secret-1',
  webhookId: '1500000000000000009',
  appBearer: 'x-app-bearer-1',
};
const PUBLIC_URL = 'http://parley.test';
const ATTEMPTS = 3;

interface Packet {
  id: string;
  data: { actor?: { userId: string }; data: unknown };
}

/** What integrations-service asked of messaging-service, by subject. */
interface Asked {
  subject: string;
  ownerId: string;
  data: unknown;
}

/**
 * X's channel in integrations-service alone (real PostgreSQL, NATS and Redis) against the fake X over real
 * HTTP: connecting with PKCE, the webhook's CRC and signatures, DM events into messaging-service's subjects
 * (answered here by NATS responders that record them), and sends with token renewal and X's rate windows.
 */
describe('X direct messages (real PostgreSQL, NATS and Redis, fake X)', () => {
  let infra: TestInfra;
  let fake: FakeX;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let box: SecretBox;
  let redisPrefix: string;
  const asked: Asked[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = new FakeX(X);
    await fake.start();
    const config = loadConfig(IntegrationsConfig, {
      ...infra.env,
      PUBLIC_URL,
      X_CLIENT_ID: X.clientId,
      X_CLIENT_SECRET: X.clientSecret,
      X_CONSUMER_SECRET: X.consumerSecret,
      X_WEBHOOK_ID: X.webhookId,
      X_APP_BEARER_TOKEN: X.appBearer,
      X_API_URL: fake.url,
      X_OAUTH_URL: fake.oauthUrl,
      DELIVERY_ATTEMPTS: String(ATTEMPTS),
      RECONCILE_INTERVAL_MS: '600000',
    });
    service = await createServiceApp('integrations-service', integrationsServiceModule(config), config);
    redisPrefix = config.REDIS_PREFIX;
    box = service.app.get(SecretBox);
    nc = await connectNats(config.NATS_URL, 'x-channel-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 10_000);
    const codec = JSONCodec<Packet>();
    for (const subject of [
      MESSAGING_SUBJECTS.ingestMessage,
      MESSAGING_SUBJECTS.recordEcho,
      MESSAGING_SUBJECTS.nameChannelCustomer,
      MESSAGING_SUBJECTS.updateDeliveryStatus,
    ]) {
      nc.subscribe(config.NATS_PREFIX + subject, {
        callback: (_error, msg) => {
          const packet = codec.decode(msg.data);
          asked.push({ subject, ownerId: packet.data.actor?.userId ?? '', data: packet.data.data });
          msg.respond(JSONCodec().encode({ id: packet.id, response: {}, isDisposed: true }));
        },
      });
    }
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await db.query('set search_path = integrations_service');
  }, 60_000);

  afterEach(async () => {
    const { rows } = await db.query<{ owner_id: string }>(
      "select owner_id from integrations where is_active and platform = 'twitter'",
    );
    for (const row of rows)
      await send(INTEGRATIONS_SUBJECTS.disconnect, row.owner_id, { platform: 'twitter' });
    fake.reset();
    asked.length = 0;
    // A rate window a test spent stays held in Redis until its reset: the next test starts afresh.
    await service.app.get<Redis>(REDIS).del(`${redisPrefix}:x-rate:${fake.account.id}`);
  });

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await service?.app.close();
    await fake?.stop();
    await infra?.cleanup();
  });

  const send = <T>(subject: string, owner: string | undefined, data: unknown) =>
    client.send<T>(subject, data, owner === undefined ? {} : { actor: workspaceActor(owner) });

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (error: unknown) => error as { code: ErrorCode; message: string; details?: Record<string, unknown> },
    );

  const bindingOf = (owner: string) => `session-of-${owner}`;

  async function connectUrl(owner: string): Promise<URL> {
    const { authUrl } = await send<OAuthConnectResponse>(INTEGRATIONS_SUBJECTS.connectUrl, owner, {
      platform: 'twitter',
      binding: bindingOf(owner),
    });
    return new URL(authUrl);
  }

  /** What the browser brings back from the fake's authorize page (it approves at once). */
  async function authorize(owner: string): Promise<{ code?: string; state?: string; error?: string }> {
    const res = await fetch(await connectUrl(owner), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/twitter/callback`);
    const get = (name: string) => back.searchParams.get(name) ?? undefined;
    return { code: get('code'), state: get('state'), error: get('error') };
  }

  const complete = (owner: string, callback: { code?: string; state?: string; error?: string }) =>
    send<OAuthCallbackResult>(INTEGRATIONS_SUBJECTS.completeConnect, owner, {
      platform: 'twitter',
      ...callback,
      binding: bindingOf(owner),
    });

  const connect = async (owner: string) => complete(owner, await authorize(owner));

  const stored = async () => ({
    integrations: (
      await db.query("select owner_id from integrations where platform = 'twitter' and is_active")
    ).rows,
    pages: (await db.query("select page_id from pages where platform = 'twitter'")).rows,
  });

  describe('connecting', () => {
    it("sends the owner to X's authorisation with the DM scopes and an S256 challenge of the verifier kept with the state", async () => {
      const owner = randomUUID();
      const url = await connectUrl(owner);
      expect(`${url.origin}${url.pathname}`).toBe(fake.oauthUrl);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        response_type: 'code',
        client_id: X.clientId,
        redirect_uri: `${PUBLIC_URL}/api/auth/twitter/callback`,
        scope: 'dm.read dm.write tweet.read users.read offline.access',
        state: expect.stringMatching(/^[\w-]{24}\.[\w-]{43}$/),
        code_challenge: expect.stringMatching(/^[\w-]{43}$/),
        code_challenge_method: 'S256',
      });
      const nonce = (url.searchParams.get('state') ?? '').split('.')[0];
      const { rows } = await db.query<{ code_verifier_enc: string; ttl_ok: boolean }>(
        `select code_verifier_enc, expires_at - now() between interval '9 minutes 50 seconds' and interval '10 minutes' as ttl_ok
           from oauth_states where nonce = $1`,
        [nonce],
      );
      expect(rows[0].ttl_ok).toBe(true);
      const verifier = box.open(rows[0].code_verifier_enc);
      expect(rows[0].code_verifier_enc).not.toContain(verifier);
      expect(pkceChallenge(verifier)).toBe(url.searchParams.get('code_challenge'));
    });

    it('connects the account: tokens sealed, the account subscribed to the webhook, the list says so', async () => {
      const owner = randomUUID();
      expect(await connect(owner)).toEqual({ platform: 'twitter', connected: 1 });
      expect(fake.subscriptions.has(fake.account.id)).toBe(true);
      const list = await send<SocialIntegrationResponse[]>(INTEGRATIONS_SUBJECTS.listIntegrations, owner, {});
      expect(list).toEqual([
        expect.objectContaining({
          platform: 'twitter',
          isActive: true,
          needsReconnect: false,
          pages: [{ pageId: fake.account.id, pageName: '@parleyshop' }],
        }),
      ]);
      const { rows } = await db.query<{ refresh: string; expires_in_s: number }>(
        `select refresh_token_enc as refresh, extract(epoch from token_expires_at - now())::int as expires_in_s
           from integrations where owner_id = $1`,
        [owner],
      );
      expect(rows[0].expires_in_s).toBeGreaterThan(7100);
      expect(rows[0].expires_in_s).toBeLessThanOrEqual(7200);
      // No token X issued is stored in the clear, in any text column.
      const dump = JSON.stringify(
        (await db.query('select * from integrations')).rows.concat(
          (await db.query('select * from pages')).rows,
        ),
      );
      for (const token of fake.oauth.issuedTokens()) expect(dump).not.toContain(token);
      expect(box.open(rows[0].refresh)).toMatch(/^xrt-/);
    });

    it('refuses a code exchanged with another verifier (X checks PKCE), storing nothing', async () => {
      const owner = randomUUID();
      const callback = await authorize(owner);
      const nonce = (callback.state ?? '').split('.')[0];
      await db.query('update oauth_states set code_verifier_enc = $1 where nonce = $2', [
        box.seal('a'.repeat(43)),
        nonce,
      ]);
      expect(await refusal(complete(owner, callback))).toMatchObject({
        details: { connectFailure: 'provider_refused' },
        message: expect.stringContaining('code verifier did not match'),
      });
      expect(await stored()).toEqual({ integrations: [], pages: [] });
      expect(fake.subscriptions.size).toBe(0);
    });

    it('refuses a state used twice, and an expired one', async () => {
      const owner = randomUUID();
      const callback = await authorize(owner);
      await complete(owner, callback);
      expect(await refusal(complete(owner, callback))).toMatchObject({ details: { connectFailure: 'used' } });

      const late = await authorize(owner);
      await db.query("update oauth_states set expires_at = now() - interval '1 second' where nonce = $1", [
        (late.state ?? '').split('.')[0],
      ]);
      expect(await refusal(complete(owner, late))).toMatchObject({ details: { connectFailure: 'expired' } });
    });

    it('explains a consent without direct-message scopes, or an app without Account Activity, at connect time', async () => {
      const owner = randomUUID();
      fake.oauth.grantScopes = ['tweet.read', 'users.read', 'offline.access'];
      expect(await refusal(connect(owner))).toMatchObject({ details: { connectFailure: 'no_dm_access' } });
      fake.reset();
      fake.noAccountActivity = true;
      expect(await refusal(connect(owner))).toMatchObject({
        details: { connectFailure: 'no_dm_access' },
        message: expect.stringContaining('Account Activity'),
      });
      expect(await stored()).toEqual({ integrations: [], pages: [] });
    });

    it('says denied when the owner cancels on X', async () => {
      const owner = randomUUID();
      fake.oauth.denyNext = true;
      const callback = await authorize(owner);
      expect(callback.error).toBe('access_denied');
      expect(await refusal(complete(owner, callback))).toMatchObject({
        details: { connectFailure: 'denied' },
      });
    });

    it('disconnecting unsubscribes the account, revokes the tokens and forgets them', async () => {
      const owner = randomUUID();
      await connect(owner);
      const { rows } = await db.query<{ token: string }>(
        "select access_token_enc as token from pages where platform = 'twitter'",
      );
      const token = box.open(rows[0].token);
      expect(fake.oauth.grant(token)).toBeDefined();
      await send(INTEGRATIONS_SUBJECTS.disconnect, owner, { platform: 'twitter' });
      expect(fake.subscriptions.size).toBe(0);
      expect(fake.oauth.grant(token)).toBeUndefined();
      const after = await db.query(
        `select access_token_enc, refresh_token_enc, is_active from integrations where owner_id = $1`,
        [owner],
      );
      expect(after.rows).toEqual([{ access_token_enc: null, refresh_token_enc: null, is_active: false }]);
    });
  });

  describe('the webhook', () => {
    const receive = (body: string, signature?: string) =>
      send<{ accepted: true }>(webhookSubject('x', 'receive'), undefined, { body, signature });
    const events = async () =>
      (await db.query('select count(*)::int as n from webhook_events')).rows[0].n as number;

    it("answers X's CRC with the consumer secret's HMAC, and refuses one without a token", async () => {
      expect(await send(webhookSubject('x', 'verify'), undefined, { crcToken: 'crc-123' })).toEqual({
        response_token: signXBody(X.consumerSecret, 'crc-123'),
      });
      expect(await refusal(send(webhookSubject('x', 'verify'), undefined, {}))).toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    });

    it('stores nothing without a signature (401) or with a wrong one (403)', async () => {
      const before = await events();
      const body = JSON.stringify(
        xDirectMessage({
          forUserId: fake.account.id,
          from: DEFAULT_X_CUSTOMER,
          to: { id: fake.account.id, name: 'Shop', screen_name: 'shop' },
          text: 'hi',
          id: '1',
        }),
      );
      expect(await refusal(receive(body))).toMatchObject({ code: ErrorCode.Unauthenticated });
      expect(await refusal(receive(body, signXBody('another secret', body)))).toMatchObject({
        code: ErrorCode.Forbidden,
      });
      expect(await refusal(receive(body, signXBody(X.consumerSecret, `${body} `)))).toMatchObject({
        code: ErrorCode.Forbidden,
      });
      expect(await events()).toBe(before);
    });

    /** Signed as X signs, in through the receive subject (the gateway's part is the stack test's). */
    const deliver = (payload: object) => {
      const body = JSON.stringify(payload);
      return receive(body, signXBody(X.consumerSecret, body));
    };

    it("hands a customer's DM to messaging-service, named from the event, and an echo as a person's reply", async () => {
      const owner = randomUUID();
      await connect(owner);
      const id = '1800000000000000001';
      const account = { id: fake.account.id, name: 'Parley Shop', screen_name: 'parleyshop' };
      expect(
        await deliver(
          xDirectMessage({
            forUserId: account.id,
            from: DEFAULT_X_CUSTOMER,
            to: account,
            text: 'Do you ship to Porto?',
            id,
          }),
        ),
      ).toEqual({ accepted: true });
      const ingest = await until('the ingest', async () =>
        asked.find((a) => a.subject === MESSAGING_SUBJECTS.ingestMessage),
      );
      expect(ingest.ownerId).toBe(owner);
      expect(ingest.data).toEqual<IngestMessageData>({
        platform: 'twitter',
        content: 'Do you ship to Porto?',
        platformUsername: DEFAULT_X_CUSTOMER.id,
        senderName: DEFAULT_X_CUSTOMER.name,
        platformMessageId: id,
        channel: { pageId: fake.account.id },
        attachments: [],
        sentAt: expect.any(String),
      });

      await deliver(
        xDirectMessage({
          forUserId: account.id,
          from: account,
          to: DEFAULT_X_CUSTOMER,
          text: 'Yes, in two days.',
          id: '777001',
        }),
      );
      const echo = await until('the echo', async () =>
        asked.find((a) => a.subject === MESSAGING_SUBJECTS.recordEcho),
      );
      expect(echo.data).toMatchObject({
        platform: 'twitter',
        pageId: fake.account.id,
        recipientId: DEFAULT_X_CUSTOMER.id,
        platformMessageId: '777001',
        content: 'Yes, in two days.',
      });
    });
  });

  describe('sending', () => {
    const statuses = (messageId: string) =>
      asked
        .filter((a) => a.subject === MESSAGING_SUBJECTS.updateDeliveryStatus)
        .map((a) => a.data as DeliveryStatusData)
        .filter((d) => d.messageId === messageId);

    async function enqueue(owner: string, text = 'Yes, we ship to Porto.'): Promise<string> {
      const request: DeliveryRequest = {
        messageId: randomUUID(),
        platform: 'twitter',
        pageId: fake.account.id,
        recipientId: DEFAULT_X_CUSTOMER.id,
        text,
        writtenBy: 'ai',
      };
      await send(INTEGRATIONS_SUBJECTS.enqueueDelivery, owner, request);
      return request.messageId;
    }

    const settled = (messageId: string, ms = 15_000) =>
      until(
        `delivery ${messageId} settled`,
        async () => {
          const { rows } = await db.query<{
            status: string;
            platform_message_id: string | null;
            failure_reason: string | null;
            attempts: number;
          }>(
            'select status, platform_message_id, failure_reason, attempts from deliveries where message_id = $1',
            [messageId],
          );
          return rows[0] && rows[0].status !== 'queued' && statuses(messageId).length > 0
            ? rows[0]
            : undefined;
        },
        ms,
      );

    it("sends to X's DM API and keeps X's dm_event_id; X has no window", async () => {
      const owner = randomUUID();
      await connect(owner);
      // The customer wrote a month ago: on X that does not matter.
      await db.query(
        `insert into contacts (owner_id, platform, page_id, user_id, last_inbound_at)
         values ($1, 'twitter', $2, $3, now() - interval '30 days')
         on conflict (platform, page_id, user_id) do update
           set owner_id = excluded.owner_id, last_inbound_at = excluded.last_inbound_at`,
        [owner, fake.account.id, DEFAULT_X_CUSTOMER.id],
      );
      const messageId = await enqueue(owner);
      const row = await settled(messageId);
      expect(fake.sent).toEqual([
        expect.objectContaining({ participantId: DEFAULT_X_CUSTOMER.id, text: 'Yes, we ship to Porto.' }),
      ]);
      expect(row).toEqual({
        status: 'sent',
        platform_message_id: fake.sent[0].dmEventId,
        failure_reason: null,
        attempts: 1,
      });
      expect(statuses(messageId)).toEqual([
        { messageId, status: 'sent', platformMessageId: fake.sent[0].dmEventId },
      ]);
    });

    it('renews a token about to expire before sending, spending the refresh token once for sends at once', async () => {
      const owner = randomUUID();
      await connect(owner);
      const { rows } = await db.query<{ token: string }>(
        "select access_token_enc as token from pages where platform = 'twitter'",
      );
      const old = box.open(rows[0].token);
      await db.query(
        "update integrations set token_expires_at = now() + interval '1 minute' where owner_id = $1",
        [owner],
      );
      const ids = await Promise.all([enqueue(owner, 'one'), enqueue(owner, 'two'), enqueue(owner, 'three')]);
      for (const id of ids) expect(await settled(id)).toMatchObject({ status: 'sent' });
      expect(fake.oauth.refreshes).toBe(1);
      expect(fake.oauth.refreshReuses).toBe(0);
      expect(fake.sent).toHaveLength(3);
      for (const dm of fake.sent) expect(dm.token).not.toBe(old);
      const after = await db.query<{ minutes: number }>(
        'select extract(epoch from token_expires_at - now())::int / 60 as minutes from integrations where owner_id = $1',
        [owner],
      );
      expect(after.rows[0].minutes).toBeGreaterThanOrEqual(119);
    });

    it('marks the channel for reconnecting when X refuses the refresh token', async () => {
      const owner = randomUUID();
      await connect(owner);
      const { rows } = await db.query<{ refresh: string }>(
        'select refresh_token_enc as refresh from integrations where owner_id = $1',
        [owner],
      );
      // Spent elsewhere (the owner's refresh token is single use).
      await fetch(`${fake.url}/2/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${X.clientId}:${X.clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: box.open(rows[0].refresh) }),
      });
      await db.query(
        "update integrations set token_expires_at = now() + interval '1 minute' where owner_id = $1",
        [owner],
      );
      const messageId = await enqueue(owner);
      const row = await settled(messageId);
      expect(row.status).toBe('failed');
      expect(row.failure_reason).toBe(
        'Value passed for the token was invalid. Connect Twitter again in Parley.',
      );
      const list = await send<SocialIntegrationResponse[]>(INTEGRATIONS_SUBJECTS.listIntegrations, owner, {});
      expect(list[0]).toMatchObject({ platform: 'twitter', needsReconnect: true });
    });

    it("waits for X's rate window to reset after a 429, then sends once", async () => {
      const owner = randomUUID();
      await connect(owner);
      fake.failNext(429);
      const started = Date.now();
      const messageId = await enqueue(owner);
      const row = await settled(messageId, 20_000);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      // The fake's 429 says the window resets about 2 s later: the retry waited for it.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(fake.sent).toHaveLength(1);
    }, 30_000);

    it('holds sends while a spent window (x-rate-limit-remaining: 0) lasts, without calling X', async () => {
      const owner = randomUUID();
      await connect(owner);
      fake.rateWindow(1, 3);
      const first = await enqueue(owner, 'first');
      expect(await settled(first)).toMatchObject({ status: 'sent' });
      const calledAt = Date.now();
      const second = await enqueue(owner, 'second');
      const row = await settled(second, 20_000);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
      const [, later] = fake.sent;
      expect(later.text).toBe('second');
      // Sent only after the reset X announced (3 s window), never answered 429 meanwhile.
      expect(later.at - calledAt).toBeGreaterThanOrEqual(1500);
      expect(fake.sent).toHaveLength(2);
    }, 30_000);

    it("ends failed with X's reason after the last attempt", async () => {
      const owner = randomUUID();
      await connect(owner);
      fake.failNext(503, ATTEMPTS);
      const messageId = await enqueue(owner);
      const row = await settled(messageId, 30_000);
      expect(row).toMatchObject({
        status: 'failed',
        failure_reason: `Twitter did not accept the message after ${ATTEMPTS} attempts: Service Unavailable`,
        attempts: ATTEMPTS,
      });
      expect(fake.sent).toHaveLength(0);
    }, 30_000);

    it("fails at once with X's refusal (403)", async () => {
      const owner = randomUUID();
      await connect(owner);
      fake.failNext(403);
      const messageId = await enqueue(owner);
      expect(await settled(messageId)).toMatchObject({
        status: 'failed',
        failure_reason: 'You are not permitted to send messages to this user.',
        attempts: 1,
      });
    });
  });

  describe('health', () => {
    it('asks X for the token and the subscription: puts back a dropped subscription, and a revoked access is degraded', async () => {
      const owner = randomUUID();
      await connect(owner);
      const checker = service.app.get(HealthCheckProcessor);
      const health = async () =>
        (await send<SocialIntegrationResponse[]>(INTEGRATIONS_SUBJECTS.listIntegrations, owner, {})).find(
          (integration) => integration.platform === 'twitter',
        )?.health;

      fake.removeSubscription();
      await checker.checkAll();
      expect(fake.subscriptions.has(fake.account.id)).toBe(true);
      expect(await health()).toMatchObject({ state: 'ok', token: 'valid', subscribed: true });

      fake.oauth.revokeAll();
      await checker.checkAll();
      expect(await health()).toMatchObject({
        state: 'degraded',
        problems: ['token_refused'],
        token: 'refused',
      });
    });
  });
});
