import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  type DeliveryRequest,
  type DeliveryStatusData,
  INTEGRATIONS_SUBJECTS,
  MESSAGING_SUBJECTS,
  type MetaChannel,
  type SocialIntegrationResponse,
  type WhatsAppTemplateResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { integrationsServiceModule } from '../src/app.module';
import { IntegrationsConfig } from '../src/config/integrations.config';
import { ConnectionsQueries } from '../src/connections/connections.queries';
import { DeliveryReconciler } from '../src/deliveries/delivery-reconciler';
import { SecretBox } from '../src/secrets/secret-box';
import { connectPage } from '../src/testing/connect-page';
import { FakeMeta } from '../src/testing/fake-meta';

const APP_ID = '770011223344';
const APP_SECRET = 'deliveries-test-secret';
const PAGE = '20001';
const IG = '30001';
const PHONE = '50001';
const WABA = '40001';
const HOUR = 3_600_000;
const ATTEMPTS = 3;

interface Packet {
  id: string;
  data: { actor?: { userId: string }; data: unknown };
}

/**
 * integrations-service's deliveries against the fake Meta over real HTTP, on real PostgreSQL, NATS and Redis.
 * messaging-service's delivery-status subject is answered by a NATS responder that records each report.
 * Pages, tokens and contacts are written as the connections and webhook parts would write them.
 */
describe("deliveries: outgoing messages through the send APIs, within Meta's window", () => {
  let infra: TestInfra;
  let fake: FakeMeta;
  let integrations: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let box: SecretBox;
  let whatsappToken: string;
  const owner = randomUUID();
  const reports: { ownerId: string; data: DeliveryStatusData }[] = [];
  const logged: string[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = new FakeMeta({ appId: APP_ID, appSecret: APP_SECRET });
    await fake.start();
    const config = loadConfig(IntegrationsConfig, {
      ...infra.env,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_GRAPH_URL: fake.graphUrl,
      META_OAUTH_URL: fake.oauthUrl,
      DELIVERY_ATTEMPTS: String(ATTEMPTS),
      RECONCILE_INTERVAL_MS: '600000',
    });
    integrations = await createServiceApp('integrations-service', integrationsServiceModule(config), config);
    box = integrations.app.get(SecretBox);
    nc = await connectNats(config.NATS_URL, 'deliveries-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    const codec = JSONCodec<Packet>();
    nc.subscribe(config.NATS_PREFIX + MESSAGING_SUBJECTS.updateDeliveryStatus, {
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data);
        reports.push({
          ownerId: packet.data.actor?.userId ?? '',
          data: packet.data.data as DeliveryStatusData,
        });
        msg.respond(JSONCodec().encode({ id: packet.id, response: { updated: true }, isDisposed: true }));
      },
    });
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    whatsappToken = fake.userToken();
    const connect = (platform: MetaChannel, id: string, token: string, businessId?: string) =>
      connectPage((text, params) => db.query(text, params), owner, platform, {
        id,
        name: 'Kestrel',
        tokenEnc: box.seal(token),
        businessId,
      });
    await connect('facebook', PAGE, fake.pageToken(PAGE));
    await connect('instagram', IG, fake.pageToken(PAGE), PAGE);
    await connect('whatsapp', PHONE, whatsappToken, WABA);
    for (const level of ['log', 'warn', 'error', 'debug', 'verbose'] as const) {
      const original = Logger.prototype[level];
      jest.spyOn(Logger.prototype, level).mockImplementation(function (this: Logger, ...args: unknown[]) {
        logged.push(args.map(String).join(' '));
        return (original as (...a: unknown[]) => void).apply(this, args);
      });
    }
  }, 60_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await db?.end();
    await nc?.drain();
    await integrations?.app.close();
    await fake?.stop();
    await infra?.cleanup();
  });

  beforeEach(() => fake.reset());

  /** The customer last wrote `agoMs` ago (what the webhook part records for each inbound message). */
  async function wrote(
    platform: MetaChannel,
    pageId: string,
    userId: string,
    agoMs: number,
    ownerId = owner,
  ) {
    await db.query(
      `insert into integrations_service.contacts (owner_id, platform, page_id, user_id, last_inbound_at)
       values ($1, $2, $3, $4, now() - make_interval(secs => $5::float8 / 1000))
       on conflict (platform, page_id, user_id) do update set last_inbound_at = excluded.last_inbound_at`,
      [ownerId, platform, pageId, userId, agoMs],
    );
  }

  const enqueue = (request: Partial<DeliveryRequest> & { recipientId: string }, ownerId = owner) => {
    const full: DeliveryRequest = {
      messageId: randomUUID(),
      platform: 'facebook',
      pageId: PAGE,
      text: 'Yes, we ship to Seville.',
      writtenBy: 'ai',
      ...request,
    };
    return client
      .send<{ queued: true }>(INTEGRATIONS_SUBJECTS.enqueueDelivery, full, { actor: workspaceActor(ownerId) })
      .then((answer) => ({ answer, request: full }));
  };

  async function delivery(messageId: string) {
    const { rows } = await db.query<{
      status: string;
      platform_message_id: string | null;
      failure_reason: string | null;
      attempts: number;
    }>(
      `select status, platform_message_id, failure_reason, attempts from integrations_service.deliveries
        where message_id = $1`,
      [messageId],
    );
    return rows[0];
  }

  async function settled(messageId: string, timeoutMs = 15_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const row = await delivery(messageId);
      const reported = reports.some((r) => r.data.messageId === messageId);
      if ((row && row.status !== 'queued' && reported) || Date.now() > deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const reportsFor = (messageId: string) => reports.filter((r) => r.data.messageId === messageId);

  it('sends an AI reply inside the window on Messenger, marks it sent and tells messaging-service', async () => {
    await wrote('facebook', PAGE, 'psid-1', HOUR);
    const { answer, request } = await enqueue({ recipientId: 'psid-1' });
    expect(answer).toEqual({ queued: true });
    const row = await settled(request.messageId);
    expect(fake.sent).toEqual([
      expect.objectContaining({
        platform: 'facebook',
        pageId: PAGE,
        recipientId: 'psid-1',
        text: 'Yes, we ship to Seville.',
        messagingType: 'RESPONSE',
      }),
    ]);
    expect(fake.sent[0].tag).toBeUndefined();
    expect(row).toEqual({
      status: 'sent',
      platform_message_id: fake.sent[0].messageId,
      failure_reason: null,
      attempts: 1,
    });
    expect(reportsFor(request.messageId)).toEqual([
      {
        ownerId: owner,
        data: { messageId: request.messageId, status: 'sent', platformMessageId: fake.sent[0].messageId },
      },
    ]);
  });

  it('sends once however often it is handed over, and tells the outcome again when handed over after', async () => {
    await wrote('facebook', PAGE, 'psid-2', HOUR);
    const messageId = randomUUID();
    await Promise.all([
      enqueue({ messageId, recipientId: 'psid-2' }),
      enqueue({ messageId, recipientId: 'psid-2' }),
    ]);
    await settled(messageId);
    await enqueue({ messageId, recipientId: 'psid-2' });
    const deadline = Date.now() + 5000;
    while (reportsFor(messageId).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(fake.sent).toHaveLength(1);
    expect(reportsFor(messageId).map((r) => r.data.status)).toEqual(['sent', 'sent']);
  });

  it("tags a person's reply HUMAN_AGENT after 24 hours, and refuses the AI's then (nothing sent)", async () => {
    await wrote('instagram', IG, 'igsid-1', 3 * 24 * HOUR);
    const human = await enqueue({
      platform: 'instagram',
      pageId: IG,
      recipientId: 'igsid-1',
      writtenBy: 'human',
    });
    const ai = await enqueue({ platform: 'instagram', pageId: IG, recipientId: 'igsid-1', writtenBy: 'ai' });
    expect(await settled(human.request.messageId)).toMatchObject({ status: 'sent' });
    expect(fake.sent).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        pageId: IG,
        recipientId: 'igsid-1',
        messagingType: 'MESSAGE_TAG',
        tag: 'HUMAN_AGENT',
      }),
    ]);
    const reason =
      'The customer wrote more than 24 hours ago: only a person may answer now, until 7 days after their last message.';
    expect(await settled(ai.request.messageId)).toMatchObject({ status: 'failed', failure_reason: reason });
    expect(reportsFor(ai.request.messageId)).toEqual([
      { ownerId: owner, data: { messageId: ai.request.messageId, status: 'failed', reason } },
    ]);
    expect(fake.sent).toHaveLength(1);
  });

  it('sends on WhatsApp with the token as a Bearer header, and refuses after 24 hours', async () => {
    await wrote('whatsapp', PHONE, '34600000001', HOUR);
    const inside = await enqueue({ platform: 'whatsapp', pageId: PHONE, recipientId: '34600000001' });
    expect(await settled(inside.request.messageId)).toMatchObject({
      status: 'sent',
      platform_message_id: expect.stringMatching(/^wamid\./),
    });
    expect(fake.sent).toEqual([
      expect.objectContaining({ platform: 'whatsapp', pageId: PHONE, recipientId: '34600000001' }),
    ]);
    await wrote('whatsapp', PHONE, '34600000002', 25 * HOUR);
    const outside = await enqueue({
      platform: 'whatsapp',
      pageId: PHONE,
      recipientId: '34600000002',
      writtenBy: 'human',
    });
    expect(await settled(outside.request.messageId)).toMatchObject({
      status: 'failed',
      failure_reason:
        'The customer wrote more than 24 hours ago: WhatsApp allows only an approved template message until they write again.',
    });
    expect(fake.sent).toHaveLength(1);
  });

  it("lists the WhatsApp number's templates Parley can send, from Meta, every page of them", async () => {
    const list = (pageId: string, ownerId = owner) =>
      client.send<WhatsAppTemplateResponse[]>(
        INTEGRATIONS_SUBJECTS.listTemplates,
        { pageId },
        {
          actor: workspaceActor(ownerId),
        },
      );
    const sendable = fake.whatsapp[0].templates.filter(
      (t) => t.status === 'APPROVED' && t.components.every((c) => c.type !== 'HEADER' || c.format === 'TEXT'),
    );
    const templates = await list(PHONE);
    expect(templates.map((t) => `${t.name} ${t.language}`)).toEqual(
      sendable.map((t) => `${t.name} ${t.language}`).sort(),
    );
    expect(templates.find((t) => t.name === 'order_update')).toMatchObject({
      body: 'Hi {{1}}, your order {{2}} is on its way.',
      parameterCount: 2,
    });
    // More than one page of them: Parley reads on until Meta has no next page.
    const many = Array.from({ length: 130 }, (_, i) => ({
      ...sendable[0],
      id: `7${i}`,
      name: `promo_${String(i).padStart(3, '0')}`,
    }));
    fake.whatsapp[0].templates.push(...many);
    try {
      expect(await list(PHONE)).toHaveLength(sendable.length + many.length);
    } finally {
      fake.whatsapp[0].templates.splice(-many.length);
    }
    await expect(list(PHONE, randomUUID())).rejects.toMatchObject({ code: 'CONFLICT' });
    fake.failNext({ match: 'templates', status: 503 });
    await expect(list(PHONE)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('sends a WhatsApp template after 24 hours, with its values, when a text may not go', async () => {
    await wrote('whatsapp', PHONE, '34600000003', 30 * HOUR);
    const template = { name: 'order_update', language: 'en_US', parameters: ['Ada', '#1234'] };
    const sent = await enqueue({
      platform: 'whatsapp',
      pageId: PHONE,
      recipientId: '34600000003',
      text: 'Hi Ada, your order #1234 is on its way.',
      template,
      writtenBy: 'human',
    });
    expect(await settled(sent.request.messageId)).toMatchObject({ status: 'sent' });
    expect(fake.sent).toEqual([expect.objectContaining({ recipientId: '34600000003', template })]);

    // Meta refuses values that do not fit the template: failed with Meta's words.
    const wrong = await enqueue({
      platform: 'whatsapp',
      pageId: PHONE,
      recipientId: '34600000003',
      template: { ...template, parameters: ['Ada'] },
      writtenBy: 'human',
    });
    expect(await settled(wrong.request.messageId)).toMatchObject({
      status: 'failed',
      failure_reason: expect.stringMatching(/Number of parameters does not match/),
    });
  });

  it('asks the owner to connect again when Meta refuses the token, until they do', async () => {
    const needsReconnect = async () =>
      (
        await client.send<SocialIntegrationResponse[]>(
          INTEGRATIONS_SUBJECTS.listIntegrations,
          {},
          { actor: workspaceActor(owner) },
        )
      ).find((i) => i.platform === 'facebook')?.needsReconnect;
    expect(await needsReconnect()).toBe(false);
    await wrote('facebook', PAGE, 'psid-190', HOUR);
    const expired = 'Error validating access token: Session has expired on Friday, 27-Nov-26 10:00:00 PST.';
    fake.failNext({ match: 'send', status: 400, code: 190, message: expired });
    const { request } = await enqueue({ recipientId: 'psid-190' });
    expect(await settled(request.messageId)).toMatchObject({
      status: 'failed',
      failure_reason: `${expired} Connect Facebook again in Parley.`,
      attempts: 1,
    });
    expect(await needsReconnect()).toBe(true);

    // Connecting again (a new token for the same page) clears it.
    await integrations.app.get(ConnectionsQueries).saveConnection(owner, 'facebook', {
      metaUserId: fake.user.id,
      tokenSealed: box.seal(fake.userToken()),
      tokenExpiresAt: null,
      refreshTokenSealed: null,
      assets: [
        {
          pageId: PAGE,
          pageName: 'Kestrel',
          token: box.seal(fake.pageToken(PAGE)),
          businessAccountId: null,
          provesControl: true,
        },
      ],
      reclaim: [],
    });
    expect(await needsReconnect()).toBe(false);
  });

  it('waits as long as a 429 asks (Retry-After), then sends', async () => {
    await wrote('facebook', PAGE, 'psid-429', HOUR);
    fake.failNext({ match: 'send', status: 429, retryAfterS: 2 });
    const started = Date.now();
    const { request } = await enqueue({ recipientId: 'psid-429' });
    expect(await settled(request.messageId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0].at - started).toBeGreaterThanOrEqual(1900);
  });

  it('retries a 500 with backoff, then sends', async () => {
    await wrote('facebook', PAGE, 'psid-500', HOUR);
    fake.failNext({ match: 'send', status: 500 });
    const { request } = await enqueue({ recipientId: 'psid-500' });
    expect(await settled(request.messageId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(reportsFor(request.messageId).map((r) => r.data.status)).toEqual(['sent']);
  });

  it('marks the message failed after the last attempt, with the last reason', async () => {
    await wrote('facebook', PAGE, 'psid-503', HOUR);
    fake.failNext({
      match: 'send',
      status: 503,
      count: ATTEMPTS,
      message: 'Service temporarily unavailable',
    });
    const { request } = await enqueue({ recipientId: 'psid-503' });
    const reason = `Facebook did not accept the message after ${ATTEMPTS} attempts: Service temporarily unavailable`;
    expect(await settled(request.messageId)).toEqual({
      status: 'failed',
      platform_message_id: null,
      failure_reason: reason,
      attempts: ATTEMPTS,
    });
    expect(reportsFor(request.messageId)).toEqual([
      { ownerId: owner, data: { messageId: request.messageId, status: 'failed', reason } },
    ]);
    expect(fake.sent).toEqual([]);
  });

  it("marks the message failed at once when Meta refuses it, with Meta's reason", async () => {
    await wrote('facebook', PAGE, 'psid-400', HOUR);
    fake.failNext({
      match: 'send',
      status: 400,
      code: 10,
      message: '(#10) This message is sent outside of allowed window.',
    });
    const { request } = await enqueue({ recipientId: 'psid-400' });
    expect(await settled(request.messageId)).toMatchObject({
      status: 'failed',
      failure_reason: '(#10) This message is sent outside of allowed window.',
      attempts: 1,
    });
  });

  it("marks the message failed when the page is no longer connected, or is another owner's", async () => {
    const other = randomUUID();
    await wrote('facebook', PAGE, 'psid-x', HOUR, other);
    const foreign = await enqueue({ recipientId: 'psid-x' }, other);
    expect(await settled(foreign.request.messageId)).toMatchObject({
      status: 'failed',
      failure_reason: 'The Facebook page is no longer connected.',
    });
    expect(reportsFor(foreign.request.messageId)[0].ownerId).toBe(other);

    await wrote('facebook', PAGE, 'psid-gone', HOUR);
    await db.query(`update integrations_service.pages set is_active = false where page_id = $1`, [PAGE]);
    try {
      const gone = await enqueue({ recipientId: 'psid-gone' });
      expect(await settled(gone.request.messageId)).toMatchObject({
        status: 'failed',
        failure_reason: 'The Facebook page is no longer connected.',
      });
    } finally {
      await db.query(`update integrations_service.pages set is_active = true where page_id = $1`, [PAGE]);
    }
    expect(fake.sent).toEqual([]);
  });

  it('queues again a delivery whose job was lost', async () => {
    await wrote('facebook', PAGE, 'psid-lost', HOUR);
    const messageId = randomUUID();
    await db.query(
      `insert into integrations_service.deliveries (message_id, owner_id, platform, page_id, recipient_id, text, written_by, created_at)
       values ($1, $2, 'facebook', $3, 'psid-lost', 'Still there?', 'human', now() - interval '1 minute')`,
      [messageId, owner, PAGE],
    );
    expect(await integrations.app.get(DeliveryReconciler).run()).toBe(1);
    expect(await settled(messageId)).toMatchObject({ status: 'sent' });
    expect(fake.sent.map((s) => s.text)).toEqual(['Still there?']);
  });

  it('keeps up with a burst of replies', async () => {
    const count = 300;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) await wrote('facebook', PAGE, `psid-burst-${i}`, HOUR);
    const started = Date.now();
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        enqueue({ recipientId: `psid-burst-${i}` }).then(({ request }) => ids.push(request.messageId)),
      ),
    );
    const deadline = Date.now() + 20_000;
    while (reports.filter((r) => ids.includes(r.data.messageId)).length < count && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (Date.now() - started) / 1000;
    expect(fake.sent).toHaveLength(count);
    expect(reports.filter((r) => ids.includes(r.data.messageId))).toHaveLength(count);
    // 300 take under a second on a quiet machine (hand-over included), and sending them one after another
    // would take several; the bench holds 200/s for 60 s. 50/s leaves room for a loaded CI machine (82/s
    // was seen with Jest's other worker busy).
    expect(count / seconds).toBeGreaterThan(50);
  }, 30_000);

  it('never logs a token, and stores none in plain text', async () => {
    const tokens = [fake.pageToken(PAGE), whatsappToken];
    expect(logged.length).toBeGreaterThan(0);
    for (const token of tokens) expect(logged.filter((line) => line.includes(token))).toEqual([]);
    const { rows } = await db.query<{ dump: string }>(
      `select (select coalesce(string_agg(d::text, ' '), '') from integrations_service.deliveries d)
              || (select string_agg(p::text, ' ') from integrations_service.pages p) as dump`,
    );
    for (const token of tokens) expect(rows[0].dump).not.toContain(token);
  });
});
