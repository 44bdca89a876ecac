import { randomUUID } from 'node:crypto';
import {
  AUTH_SUBJECTS,
  type ChannelHealthMailData,
  type DeliveryRequest,
  INTEGRATIONS_SUBJECTS,
  MESSAGING_SUBJECTS,
  type MetaChannel,
  type OwnerEvent,
  REALTIME_SUBJECT,
  type SocialIntegrationResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra, until } from '@parley/server-kit/testing';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { ChannelRegistry } from '../src/channels/channel-registry';
import { IntegrationsConfig } from '../src/config/integrations.config';
import { integrationsServiceModule } from '../src/app.module';
import { HEALTH_CHECK_JOB, HealthCheckQueue } from '../src/health-checks/health-check-queue';
import { HealthCheckProcessor } from '../src/health-checks/health-check.processor';
import { SecretBox } from '../src/secrets/secret-box';
import { connectPage } from '../src/testing/connect-page';
import { FakeMeta, messengerText, signMetaBody } from '../src/testing/fake-meta';

const APP_ID = '990011223344';
const APP_SECRET = 'health-test-secret';
const PAGE = '20001';
const WABA = '40001';
const PHONE = '50001';
/** One page per test below that connects one, so that owners never share a page. */
const PAGES = ['20002', '20003', '20004', '20005', '20006', '20007'];
/** A day: the schedule's own tick (at midnight UTC) is unlikely during the run; the tests run the check themselves. */
const INTERVAL_MS = 86_400_000;

interface Packet {
  id: string;
  data: { actor?: { userId: string }; data: unknown };
}

/**
 * A channel's health inside the real service (real PostgreSQL, NATS and Redis) against the fake Meta over
 * real HTTP: what the adapter asks Meta (ChannelAdapter.checkHealth), the periodic check (its Bull repeatable
 * job), webhooks and sends as they happen, the degraded episode told to the owner once (the /ws event on
 * NATS, and the mail asked of auth-service, answered here by a NATS responder) and the list that shows it.
 */
describe('channel health (real PostgreSQL, NATS and Redis, fake Meta)', () => {
  let infra: TestInfra;
  let fake: FakeMeta;
  let service: ServiceApp;
  let registry: ChannelRegistry;
  let checker: HealthCheckProcessor;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let box: SecretBox;
  const events: OwnerEvent[] = [];
  const mails: { ownerId: string; data: ChannelHealthMailData }[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = new FakeMeta({
      appId: APP_ID,
      appSecret: APP_SECRET,
      pages: [
        {
          id: PAGE,
          name: 'Kestrel',
          instagram_business_account: { id: '30001', username: 'kestrel', name: 'Kestrel' },
        },
        ...PAGES.map((id) => ({ id, name: `Heron ${id}` })),
      ],
    });
    await fake.start();
    const config = loadConfig(IntegrationsConfig, {
      ...infra.env,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      RECONCILE_INTERVAL_MS: '600000',
      CHANNEL_HEALTH_INTERVAL_MS: String(INTERVAL_MS),
      DELIVERY_ATTEMPTS: '2',
    });
    service = await createServiceApp('integrations-service', integrationsServiceModule(config), config);
    registry = service.app.get(ChannelRegistry);
    checker = service.app.get(HealthCheckProcessor);
    box = service.app.get(SecretBox);
    nc = await connectNats(config.NATS_URL, 'channel-health-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 10_000);
    nc.subscribe(config.NATS_PREFIX + REALTIME_SUBJECT, {
      callback: (error, msg) => {
        if (!error) events.push(JSONCodec<OwnerEvent>().decode(msg.data));
      },
    });
    const codec = JSONCodec<Packet>();
    const answer = (subject: string, record?: (packet: Packet) => void) =>
      nc.subscribe(config.NATS_PREFIX + subject, {
        callback: (_error, msg) => {
          const packet = codec.decode(msg.data);
          record?.(packet);
          msg.respond(JSONCodec().encode({ id: packet.id, response: {}, isDisposed: true }));
        },
      });
    answer(AUTH_SUBJECTS.sendChannelHealth, (packet) =>
      mails.push({
        ownerId: packet.data.actor?.userId ?? '',
        data: packet.data.data as ChannelHealthMailData,
      }),
    );
    for (const subject of [
      MESSAGING_SUBJECTS.ingestMessage,
      MESSAGING_SUBJECTS.recordEcho,
      MESSAGING_SUBJECTS.updateDeliveryStatus,
      MESSAGING_SUBJECTS.nameChannelCustomer,
    ])
      answer(subject);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await db.query('set search_path = integrations_service');
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await service?.app.close();
    await fake?.stop();
    await infra?.cleanup();
  });

  afterEach(() => {
    fake.reset();
    events.length = 0;
    mails.length = 0;
  });

  const facebook = () => registry.forPlatform('facebook');
  const page = (id = PAGE) => ({ pageId: id, businessAccountId: null, token: fake.pageToken(id) });

  /** A new owner with `pageId` connected on Facebook (subscribed at Meta, as the connect flow leaves it). */
  async function ownerWith(pageId: string, platform: MetaChannel = 'facebook'): Promise<string> {
    const ownerId = randomUUID();
    await connectPage((text, params) => db.query(text, params), ownerId, platform, {
      id: pageId,
      tokenEnc: box.seal(fake.pageToken(pageId)),
    });
    await facebook().subscribe('facebook', [{ ...page(pageId), pageName: pageId, provesControl: true }]);
    return ownerId;
  }

  const list = (ownerId: string) =>
    client.send<SocialIntegrationResponse[]>(
      INTEGRATIONS_SUBJECTS.listIntegrations,
      {},
      { actor: workspaceActor(ownerId) },
    );
  const healthOf = async (ownerId: string, platform: MetaChannel = 'facebook') =>
    (await list(ownerId)).find((i) => i.platform === platform)?.health;

  /** The popups and mails `ownerId` got about a degraded channel, once NATS has carried them. */
  async function toldOf(ownerId: string) {
    await nc.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    return {
      popups: events.filter((e) => e.ownerId === ownerId && e.event.type === 'channel_degraded'),
      mails: mails.filter((m) => m.ownerId === ownerId),
    };
  }

  describe('what the adapter asks Meta', () => {
    it('finds a subscribed page healthy, a removed subscription missing, and subscribing again restores it', async () => {
      await facebook().subscribe('facebook', [{ ...page(), pageName: 'Shop', provesControl: true }]);
      expect(await facebook().checkHealth('facebook', page())).toEqual({ token: 'valid', subscribed: true });

      fake.removeSubscription(PAGE);
      expect(await facebook().checkHealth('facebook', page())).toEqual({ token: 'valid', subscribed: false });

      await facebook().subscribe('facebook', [{ ...page(), pageName: 'Shop', provesControl: true }]);
      expect(await facebook().checkHealth('facebook', page())).toEqual({ token: 'valid', subscribed: true });
    });

    it("asks a WhatsApp number's Business account with the user's token, which debug_token says ends", async () => {
      const number = { pageId: PHONE, businessAccountId: WABA, token: fake.userToken() };
      const whatsapp = registry.forPlatform('whatsapp');
      const before = await whatsapp.checkHealth('whatsapp', number);
      expect(before).toMatchObject({ token: 'valid', subscribed: false });
      // About 60 days, as Meta's long-lived user tokens.
      expect((before.expiresAt?.getTime() ?? 0) - Date.now()).toBeGreaterThan(59 * 86_400_000);
      await whatsapp.subscribe('whatsapp', [{ ...number, pageName: '+34 600', provesControl: true }]);
      expect(await whatsapp.checkHealth('whatsapp', number)).toMatchObject({
        token: 'valid',
        subscribed: true,
      });
    });

    it('says refused when Meta no longer accepts the token, and not subscribed-or-not when Meta is down', async () => {
      const token = fake.pageToken(PAGE);
      fake.revokeToken(token);
      expect(await facebook().checkHealth('facebook', page())).toEqual({
        token: 'refused',
        subscribed: null,
        reason: `Error validating access token: The user has not authorized application ${APP_ID}.`,
      });
      fake.restoreToken(token);
      fake.failNext({ match: 'subscribe', status: 400, code: 190, message: 'Error validating access token' });
      expect(await facebook().checkHealth('facebook', page())).toEqual({
        token: 'refused',
        subscribed: null,
        reason: 'Error validating access token',
      });
      fake.failNext({ match: 'subscribe', status: 503 });
      expect(await facebook().checkHealth('facebook', page())).toMatchObject({
        token: 'valid',
        subscribed: null,
      });
      fake.failNext({ match: 'accounts', status: 503 });
      expect(await facebook().checkHealth('facebook', page())).toMatchObject({
        token: 'unknown',
        subscribed: null,
      });
      expect(await facebook().checkHealth('facebook', { ...page(), token: 'not-a-token' })).toMatchObject({
        token: 'refused',
        subscribed: null,
      });
    });
  });

  describe('the periodic check', () => {
    it('is one Bull repeatable job every CHANNEL_HEALTH_INTERVAL_MS, and a tick of it checks every connected page', async () => {
      const checks = service.app.get(HealthCheckQueue);
      // Another replica (or a restart) registers the same schedule: Bull keeps one.
      await checks.schedule();
      const repeatable = await checks.queue.getRepeatableJobs();
      expect(repeatable.filter((job) => job.name === HEALTH_CHECK_JOB)).toEqual([
        expect.objectContaining({ every: INTERVAL_MS }),
      ]);

      const ownerId = await ownerWith(PAGES[0]);
      expect(await healthOf(ownerId)).toMatchObject({ state: 'ok', checkedAt: null });
      const job = await checks.queue.add(HEALTH_CHECK_JOB, {}, { removeOnComplete: true });
      await job.finished();
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'ok',
        token: 'valid',
        subscribed: true,
        checkedAt: expect.any(String),
      });
    });

    it('marks a revoked token degraded, tells the owner once, and a token accepted again clears it', async () => {
      const ownerId = await ownerWith(PAGES[1]);
      const token = fake.pageToken(PAGES[1]);
      fake.revokeToken(token);
      await checker.checkAll();
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'degraded',
        problems: ['token_refused'],
        token: 'refused',
        tokenError: expect.stringContaining('has not authorized application'),
        degradedSince: expect.any(String),
      });
      expect((await list(ownerId))[0]).toMatchObject({ needsReconnect: true });

      // Still refused at the next check: still degraded, nobody told again.
      await checker.checkAll();
      let told = await toldOf(ownerId);
      expect(told.popups).toHaveLength(1);
      expect(told.popups[0].event).toMatchObject({
        data: { platform: 'facebook', problems: ['token_refused'] },
      });
      expect(told.mails).toEqual([
        {
          ownerId,
          data: {
            platform: 'facebook',
            problems: ['token_refused'],
            detail: expect.stringContaining('has not authorized application'),
          },
        },
      ]);

      fake.restoreToken(token);
      await checker.checkAll();
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'ok',
        problems: [],
        token: 'valid',
        tokenError: null,
        degradedSince: null,
      });
      expect((await list(ownerId))[0]).toMatchObject({ needsReconnect: false });

      // A new episode is told again.
      fake.revokeToken(token);
      await checker.checkAll();
      told = await toldOf(ownerId);
      expect(told.popups).toHaveLength(2);
      expect(told.mails).toHaveLength(2);
      fake.restoreToken(token);
      await checker.checkAll();
    });

    it('subscribes again a page whose subscription Meta dropped; degraded when Meta refuses that', async () => {
      const ownerId = await ownerWith(PAGES[2]);
      fake.removeSubscription(PAGES[2]);
      await checker.checkAll();
      expect(fake.subscriptions.has(PAGES[2])).toBe(true);
      expect(await healthOf(ownerId)).toMatchObject({ state: 'ok', subscribed: true });

      fake.removeSubscription(PAGES[2]);
      fake.refuseSubscribing(PAGES[2]);
      await checker.checkAll();
      expect(fake.subscriptions.has(PAGES[2])).toBe(false);
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'degraded',
        problems: ['subscription_missing'],
        subscribed: false,
        subscriptionError: expect.stringContaining('(#200)'),
      });
      const told = await toldOf(ownerId);
      expect(told.popups).toHaveLength(1);
      expect(told.mails).toHaveLength(1);

      fake.refuseSubscribing(null);
      await checker.checkAll();
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'ok',
        subscribed: true,
        subscriptionError: null,
      });
    });
  });

  describe('as it happens', () => {
    const CUSTOMER = '7100000000001';

    async function send(ownerId: string, pageId: string): Promise<string> {
      const request: DeliveryRequest = {
        messageId: randomUUID(),
        platform: 'facebook',
        pageId,
        recipientId: CUSTOMER,
        text: 'Yes, we ship to Seville.',
        writtenBy: 'ai',
      };
      await client.send(INTEGRATIONS_SUBJECTS.enqueueDelivery, request, { actor: workspaceActor(ownerId) });
      return until(`delivery ${request.messageId} ended`, async () => {
        const { rows } = await db.query<{ status: string }>(
          'select status from deliveries where message_id = $1',
          [request.messageId],
        );
        return rows[0] && rows[0].status !== 'queued' ? rows[0].status : undefined;
      });
    }

    it('degrades a channel after five failed sends in a row, tells the owner once, and a send that goes out clears it', async () => {
      const pageId = PAGES[3];
      const ownerId = await ownerWith(pageId);
      await db.query(
        `insert into contacts (owner_id, platform, page_id, user_id, last_inbound_at)
         values ($1, 'facebook', $2, $3, now() - interval '1 hour')`,
        [ownerId, pageId, CUSTOMER],
      );
      fake.failNext({
        match: new RegExp(`/${pageId}/messages$`),
        status: 400,
        code: 100,
        message: '(#100) No matching user found',
        count: 5,
      });
      for (let i = 1; i <= 4; i++) expect(await send(ownerId, pageId)).toBe('failed');
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'ok',
        failuresInRow: 4,
        lastSendError: '(#100) No matching user found',
      });
      expect(await send(ownerId, pageId)).toBe('failed');
      expect(await healthOf(ownerId)).toMatchObject({
        state: 'degraded',
        problems: ['send_failures'],
        failuresInRow: 5,
        lastSendAt: expect.any(String),
      });
      const told = await toldOf(ownerId);
      expect(told.popups).toHaveLength(1);
      expect(told.mails).toEqual([
        {
          ownerId,
          data: {
            platform: 'facebook',
            problems: ['send_failures'],
            detail: '(#100) No matching user found',
          },
        },
      ]);

      expect(await send(ownerId, pageId)).toBe('sent');
      await until('the channel healthy again', async () => {
        const health = await healthOf(ownerId);
        return health?.state === 'ok' ? health : undefined;
      });
      expect(await healthOf(ownerId)).toMatchObject({
        failuresInRow: 0,
        lastSendError: null,
        degradedSince: null,
      });
      expect(events).toContainEqual({
        ownerId,
        event: expect.objectContaining({ type: 'integration_changed', data: { platform: 'facebook' } }),
      });
    });

    it("records when the page's last webhook arrived", async () => {
      const pageId = PAGES[4];
      const ownerId = await ownerWith(pageId);
      expect(await healthOf(ownerId)).toMatchObject({ lastWebhookAt: null });
      const body = JSON.stringify(messengerText({ pageId, psid: CUSTOMER, text: 'Hello?' }));
      await client.send(INTEGRATIONS_SUBJECTS.receiveMetaWebhook, {
        body,
        signature: signMetaBody(APP_SECRET, body),
      });
      const health = await until('the webhook recorded', async () => {
        const health = await healthOf(ownerId);
        return health?.lastWebhookAt ? health : undefined;
      });
      expect(Date.now() - Date.parse(health.lastWebhookAt ?? '')).toBeLessThan(10_000);
    });
  });

  it("shows an owner only their own integrations' health, and tells only them", async () => {
    const degraded = await ownerWith(PAGES[5]);
    const other = randomUUID();
    const token = fake.pageToken(PAGES[5]);
    fake.revokeToken(token);
    await checker.checkAll();
    expect(await healthOf(degraded)).toMatchObject({ state: 'degraded' });
    expect(await list(other)).toEqual([]);
    const told = await toldOf(other);
    expect(told).toEqual({ popups: [], mails: [] });
    expect(events.every((e) => e.event.type !== 'channel_degraded' || e.ownerId === degraded)).toBe(true);
    fake.restoreToken(token);
  });
});
