import { randomUUID } from 'node:crypto';
import {
  type ChannelCustomerNameData,
  type ChannelEchoData,
  type DeliveryStatusData,
  ErrorCode,
  INTEGRATIONS_SUBJECTS,
  type IngestMessageData,
  MESSAGING_SUBJECTS,
  type MetaChannel,
  webhookSubject,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra, until } from '@parley/server-kit/testing';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { Client } from 'pg';
import { integrationsServiceModule } from '../src/app.module';
import { IntegrationsConfig } from '../src/config/integrations.config';
import { SecretBox } from '../src/secrets/secret-box';
import { connectPage } from '../src/testing/connect-page';
import {
  FakeMeta,
  instagramRead,
  instagramText,
  messengerAttachment,
  messengerDelivery,
  messengerEcho,
  messengerRead,
  messengerText,
  signMetaBody,
  whatsappStatus,
  whatsappText,
} from '../src/testing/fake-meta';
import { WebhookReconciler } from '../src/webhooks/webhook-reconciler';

const APP_ID = '880011223344';
const APP_SECRET = 'webhooks-test-secret';
const VERIFY_TOKEN = 'webhooks-test-verify';

const PAGE_A = '21001';
const IG_A = '31001';
const PAGE_B = '22002';
const PHONE_A = '51001';
const PROFILE_TIMEOUT_MS = 400;

/** A request to messaging-service as it arrived: who it acts for and what it says. */
interface Received<T = unknown> {
  subject: string;
  ownerId: string | undefined;
  data: T;
}

/**
 * messaging-service's four subjects answered on the real NATS, recording what integrations-service asks
 * (the real messaging-service runs in the system test, test/channels-inbound.integration-spec.ts). `down()`
 * leaves the subjects without a responder, as an outage would.
 */
class MessagingStandIn {
  readonly received: Received[] = [];
  private subscriptions: Subscription[] = [];
  private readonly codec = JSONCodec<{ id: string; data: { actor?: { userId: string }; data: unknown } }>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  up(): void {
    const subjects = [
      MESSAGING_SUBJECTS.ingestMessage,
      MESSAGING_SUBJECTS.recordEcho,
      MESSAGING_SUBJECTS.updateDeliveryStatus,
      MESSAGING_SUBJECTS.nameChannelCustomer,
    ];
    this.subscriptions = subjects.map((subject) =>
      this.nc.subscribe(this.prefix + subject, {
        callback: (_error, msg) => {
          const packet = this.codec.decode(msg.data);
          this.received.push({ subject, ownerId: packet.data.actor?.userId, data: packet.data.data });
          msg.respond(JSONCodec().encode({ id: packet.id, response: { stored: true }, isDisposed: true }));
        },
      }),
    );
  }

  down(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
  }

  of<T>(subject: string): Received<T>[] {
    return this.received.filter((r) => r.subject === subject) as Received<T>[];
  }
}

describe('integrations-service: Meta webhooks in (real PostgreSQL, NATS and Redis; the fake Meta)', () => {
  let infra: TestInfra;
  let fake: FakeMeta;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let messaging: MessagingStandIn;
  const ownerA = randomUUID();
  const ownerB = randomUUID();

  beforeAll(async () => {
    infra = await createTestInfra();
    fake = new FakeMeta({
      appId: APP_ID,
      appSecret: APP_SECRET,
      pages: [
        {
          id: PAGE_A,
          name: 'Olive & Thread',
          instagram_business_account: { id: IG_A, username: 'olive.thread', name: 'Olive' },
        },
        { id: PAGE_B, name: 'Rival Shop' },
      ],
      profiles: {
        '7001': { first_name: 'Ana', last_name: 'Ruiz' },
        '8001': { name: 'Bea Soto', username: 'bea.soto' },
        '8002': { username: 'only.username' },
      },
    });
    await fake.start();
    const config = loadConfig(IntegrationsConfig, {
      ...infra.env,
      META_APP_ID: APP_ID,
      META_APP_SECRET: APP_SECRET,
      META_VERIFY_TOKEN: VERIFY_TOKEN,
      META_GRAPH_URL: fake.graphUrl,
      RECONCILE_INTERVAL_MS: '600000',
      PROFILE_TIMEOUT_MS: String(PROFILE_TIMEOUT_MS),
    });
    service = await createServiceApp('integrations-service', integrationsServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'webhooks-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    messaging = new MessagingStandIn(nc, config.NATS_PREFIX);
    messaging.up();
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await db.query('set search_path = integrations_service');
    const box = service.app.get(SecretBox);
    const connect = (ownerId: string, platform: MetaChannel, id: string, token: string) =>
      connectPage((text, params) => db.query(text, params), ownerId, platform, {
        id,
        tokenEnc: box.seal(token),
      });
    await connect(ownerA, 'facebook', PAGE_A, fake.pageToken(PAGE_A));
    await connect(ownerA, 'instagram', IG_A, fake.pageToken(PAGE_A));
    await connect(ownerA, 'whatsapp', PHONE_A, 'whatsapp-token');
    await connect(ownerB, 'facebook', PAGE_B, fake.pageToken(PAGE_B));
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
    messaging.received.length = 0;
  });

  /** Posts a body as the gateway passes it on: its text and the signature header. */
  const receive = (body: string, signature: string | null = signMetaBody(APP_SECRET, body)) =>
    client.send<{ accepted: true }>(INTEGRATIONS_SUBJECTS.receiveMetaWebhook, {
      body,
      signature: signature ?? undefined,
    });

  const deliver = (payload: object) => receive(JSON.stringify(payload));

  const count = async (table: string, where = 'true') =>
    (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`)).rows[0].n;

  /** Waits until every stored event is processed. */
  async function settled(ms = 8000): Promise<void> {
    await until(
      'every webhook event processed',
      async () => ((await count('webhook_events', 'processed_at is null')) === 0 ? true : undefined),
      ms,
    );
  }

  /**
   * The names integrations-service gave these customers (messaging.customers.channel-name), once `count`
   * came (a reading of an earlier test may still end meanwhile: only these customers count).
   */
  async function namings(count: number, ...userIds: string[]): Promise<ChannelCustomerNameData[]> {
    return until(
      `${count} customer naming(s)`,
      async () => {
        const names = messaging
          .of<ChannelCustomerNameData>(MESSAGING_SUBJECTS.nameChannelCustomer)
          .filter((r) => userIds.includes(r.data.platformUsername));
        return names.length >= count ? names.map((r) => r.data) : undefined;
      },
      8000,
    );
  }

  /** Lets a profile reading in flight end (a failed or slow one leaves nothing to wait for). */
  const readingsOver = () => new Promise((resolve) => setTimeout(resolve, PROFILE_TIMEOUT_MS + 300));

  async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | undefined> {
    try {
      await promise;
      return undefined;
    } catch (error) {
      return (error as { code?: ErrorCode }).code;
    }
  }

  describe('verification', () => {
    const verify = (query: Record<string, string>) =>
      client.send<{ challenge: string }>(INTEGRATIONS_SUBJECTS.verifyMetaWebhook, query);

    it('answers the challenge when the verify token matches', async () => {
      await expect(
        verify({ mode: 'subscribe', token: VERIFY_TOKEN, challenge: '1158201444' }),
      ).resolves.toEqual({
        challenge: '1158201444',
      });
    });

    it('refuses a wrong token or mode as forbidden', async () => {
      expect(await codeOf(verify({ mode: 'subscribe', token: 'guess', challenge: '1' }))).toBe(
        ErrorCode.Forbidden,
      );
      expect(await codeOf(verify({ mode: 'unsubscribe', token: VERIFY_TOKEN, challenge: '1' }))).toBe(
        ErrorCode.Forbidden,
      );
      expect(await codeOf(verify({ challenge: '1' }))).toBe(ErrorCode.Forbidden);
    });
  });

  describe('signatures', () => {
    const body = JSON.stringify(messengerText({ pageId: PAGE_A, psid: '7999', text: 'signed?' }));

    it('refuses a missing signature (unauthenticated) and a wrong one (forbidden), storing nothing', async () => {
      const before = await count('webhook_events');
      expect(await codeOf(receive(body, null))).toBe(ErrorCode.Unauthenticated);
      expect(await codeOf(receive(body, signMetaBody('not-the-secret', body)))).toBe(ErrorCode.Forbidden);
      expect(await codeOf(receive(`${body} `, signMetaBody(APP_SECRET, body)))).toBe(ErrorCode.Forbidden);
      expect(await codeOf(receive(body, 'sha256=zz'))).toBe(ErrorCode.Forbidden);
      expect(await count('webhook_events')).toBe(before);
      expect(messaging.received).toEqual([]);
    });

    it('refuses a signed body that is not a JSON object, storing nothing', async () => {
      const before = await count('webhook_events');
      expect(await codeOf(receive('{"object": "page", '))).toBe(ErrorCode.ValidationFailed);
      expect(await codeOf(receive('[1, 2]'))).toBe(ErrorCode.ValidationFailed);
      expect(await count('webhook_events')).toBe(before);
    });

    it('stores a signed body exactly as it came, then processes it', async () => {
      const spaced = body.replace('{', '{ \n');
      await expect(receive(spaced)).resolves.toEqual({ accepted: true });
      const { rows } = await db.query<{ body: string }>(
        'select body from webhook_events order by received_at desc limit 1',
      );
      expect(rows[0].body).toBe(spaced);
      await settled();
    });
  });

  describe('customer messages', () => {
    it('turns a Messenger text into a message for the page owner, named from the profile', async () => {
      const sentAt = Date.now() - 5000;
      await deliver(
        messengerText({
          pageId: PAGE_A,
          psid: '7001',
          text: 'Do you ship to Lyon?',
          mid: 'm_fb_1',
          timestamp: sentAt,
        }),
      );
      await settled();
      expect(messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)).toEqual([
        {
          subject: MESSAGING_SUBJECTS.ingestMessage,
          ownerId: ownerA,
          data: {
            platform: 'facebook',
            content: 'Do you ship to Lyon?',
            platformUsername: '7001',
            senderName: '',
            platformMessageId: 'm_fb_1',
            channel: { pageId: PAGE_A },
            attachments: [],
            sentAt: new Date(sentAt).toISOString(),
          },
        },
      ]);
      // Named after the message was handed over, from Meta's profile; the id stays the platform username.
      expect(await namings(1, '7001')).toEqual([
        { platform: 'facebook', platformUsername: '7001', name: 'Ana Ruiz' },
      ]);
      expect(
        messaging
          .of<ChannelCustomerNameData>(MESSAGING_SUBJECTS.nameChannelCustomer)
          .find((r) => r.data.platformUsername === '7001')?.ownerId,
      ).toBe(ownerA);
      const { rows } = await db.query(
        'select owner_id, name, last_inbound_at from contacts where user_id = $1',
        ['7001'],
      );
      expect(rows).toEqual([{ owner_id: ownerA, name: 'Ana Ruiz', last_inbound_at: new Date(sentAt) }]);
    });

    it('keeps the latest time a contact wrote, whatever order the events come in', async () => {
      const earlier = Date.now() - 60_000;
      await deliver(messengerText({ pageId: PAGE_A, psid: '7001', text: 'an old one', timestamp: earlier }));
      await settled();
      const { rows } = await db.query<{ last_inbound_at: Date }>(
        'select last_inbound_at from contacts where user_id = $1',
        ['7001'],
      );
      expect(rows[0].last_inbound_at.getTime()).toBeGreaterThan(earlier);
    });

    it('turns an Instagram text into a message, named from the profile (name, else username)', async () => {
      await deliver(instagramText({ igId: IG_A, igsid: '8001', text: 'Hola', mid: 'm_ig_1' }));
      await deliver(instagramText({ igId: IG_A, igsid: '8002', text: 'Hi', mid: 'm_ig_2' }));
      await settled();
      const ingested = messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage);
      expect(
        ingested.map((r) => [r.ownerId, r.data.platform, r.data.platformUsername, r.data.senderName]).sort(),
      ).toEqual([
        [ownerA, 'instagram', '8001', ''],
        [ownerA, 'instagram', '8002', ''],
      ]);
      expect(ingested[0].data.channel).toEqual({ pageId: IG_A });
      expect(
        (await namings(2, '8001', '8002')).map((n) => [n.platform, n.platformUsername, n.name]).sort(),
      ).toEqual([
        ['instagram', '8001', 'Bea Soto'],
        ['instagram', '8002', 'only.username'],
      ]);
    });

    it('turns a WhatsApp text into a message named from the payload, without asking Meta', async () => {
      fake.failNext({ match: 'profile', status: 500, count: 10 });
      await deliver(
        whatsappText({
          wabaId: '41001',
          phoneNumberId: PHONE_A,
          waId: '34600111222',
          name: 'Lucía',
          text: '¿Talla M?',
          id: 'wamid.A1',
        }),
      );
      await settled();
      expect(messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)).toEqual([
        expect.objectContaining({
          ownerId: ownerA,
          data: expect.objectContaining({
            platform: 'whatsapp',
            content: '¿Talla M?',
            platformUsername: '34600111222',
            senderName: 'Lucía',
            platformMessageId: 'wamid.A1',
            channel: { pageId: PHONE_A },
          }),
        }),
      ]);
      const { rows } = await db.query('select name from contacts where platform = $1 and user_id = $2', [
        'whatsapp',
        '34600111222',
      ]);
      expect(rows).toEqual([{ name: 'Lucía' }]);
    });

    it('sends an attachment as a link with its type, with a short text in its place', async () => {
      await deliver(
        messengerAttachment({
          pageId: PAGE_A,
          psid: '7001',
          type: 'image',
          url: 'https://cdn.example/p.jpg',
          mid: 'm_fb_img',
        }),
      );
      await settled();
      expect(messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)[0].data).toMatchObject({
        content: '[image]',
        attachments: [{ type: 'image', url: 'https://cdn.example/p.jpg' }],
      });
    });

    it('hands the message over unnamed when the profile cannot be read, and asks again next time', async () => {
      fake.failNext({ match: 'profile', status: 500 });
      await deliver(messengerText({ pageId: PAGE_A, psid: '7654321', text: 'first' }));
      await settled();
      await readingsOver();
      expect(await namings(0, '7654321')).toEqual([]);
      await deliver(messengerText({ pageId: PAGE_A, psid: '7654321', text: 'second' }));
      await settled();
      expect(
        messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage).map((r) => r.data.senderName),
      ).toEqual(['', '']);
      expect(await namings(1, '7654321')).toEqual([
        { platform: 'facebook', platformUsername: '7654321', name: 'Customer 4321' },
      ]);
    });

    it('never holds a message up for a slow profile: it goes over unnamed, and the next one asks again', async () => {
      fake.slowProfiles(PROFILE_TIMEOUT_MS * 5);
      const started = Date.now();
      await deliver(messengerText({ pageId: PAGE_A, psid: '7111222', text: 'anyone there?' }));
      await settled();
      expect(Date.now() - started).toBeLessThan(PROFILE_TIMEOUT_MS * 5);
      expect(messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)[0].data).toMatchObject({
        platformUsername: '7111222',
        senderName: '',
      });
      await readingsOver();
      expect(await namings(0, '7111222')).toEqual([]);
      const { rows } = await db.query('select name, profile_read_at from contacts where user_id = $1', [
        '7111222',
      ]);
      expect(rows).toEqual([{ name: null, profile_read_at: null }]);
      fake.slowProfiles(0);
      await deliver(messengerText({ pageId: PAGE_A, psid: '7111222', text: 'hello?' }));
      await settled();
      expect(await namings(1, '7111222')).toEqual([
        { platform: 'facebook', platformUsername: '7111222', name: 'Customer 1222' },
      ]);
    });

    it('asks the profile again after PROFILE_REFRESH_DAYS and renames a customer whose name changed', async () => {
      await deliver(messengerText({ pageId: PAGE_A, psid: '7002', text: 'hi' }));
      await settled();
      expect(await namings(1, '7002')).toEqual([
        { platform: 'facebook', platformUsername: '7002', name: 'Customer 7002' },
      ]);
      messaging.received.length = 0;
      fake.setProfile('7002', { first_name: 'Carla', last_name: 'Gil', name: 'Carla Gil' });
      // Within the refresh age: Meta is not asked again, the customer keeps the name.
      await deliver(messengerText({ pageId: PAGE_A, psid: '7002', text: 'again' }));
      await settled();
      await readingsOver();
      expect(await namings(0, '7002')).toEqual([]);
      expect(messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)[0].data.senderName).toBe(
        'Customer 7002',
      );
      await db.query(`update contacts set profile_read_at = now() - interval '8 days' where user_id = $1`, [
        '7002',
      ]);
      await deliver(messengerText({ pageId: PAGE_A, psid: '7002', text: 'it is me' }));
      await settled();
      expect(await namings(1, '7002')).toEqual([
        { platform: 'facebook', platformUsername: '7002', name: 'Carla Gil' },
      ]);
      // The same name read again renames nothing.
      messaging.received.length = 0;
      await db.query(`update contacts set profile_read_at = now() - interval '8 days' where user_id = $1`, [
        '7002',
      ]);
      await deliver(messengerText({ pageId: PAGE_A, psid: '7002', text: 'still me' }));
      await settled();
      await readingsOver();
      expect(await namings(0, '7002')).toEqual([]);
    });

    it('renames a WhatsApp customer whose payload name changed, without asking Meta', async () => {
      const text = (name: string, id: string) =>
        whatsappText({
          wabaId: '41001',
          phoneNumberId: PHONE_A,
          waId: '34600999888',
          name,
          text: 'hola',
          id,
        });
      await deliver(text('Marta', 'wamid.R1'));
      await settled();
      await deliver(text('Marta', 'wamid.R2'));
      await settled();
      expect(await namings(0, '34600999888')).toEqual([]);
      await deliver(text('Marta López', 'wamid.R3'));
      await settled();
      expect(await namings(1, '34600999888')).toEqual([
        { platform: 'whatsapp', platformUsername: '34600999888', name: 'Marta López' },
      ]);
    });

    it('hands a redelivered event over with the same platform message id (messaging stores it once)', async () => {
      const body = JSON.stringify(
        messengerText({ pageId: PAGE_A, psid: '7001', text: 'twice', mid: 'm_fb_twice' }),
      );
      await receive(body);
      await receive(body);
      await settled();
      const ingested = messaging.of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage);
      expect(ingested.map((r) => r.data.platformMessageId)).toEqual(['m_fb_twice', 'm_fb_twice']);
    });

    it('acknowledges an event for a page nobody connected, and skips it', async () => {
      const contacts = await count('contacts');
      await expect(
        deliver(messengerText({ pageId: '99999', psid: '7001', text: 'hello?' })),
      ).resolves.toEqual({ accepted: true });
      await settled();
      expect(messaging.received).toEqual([]);
      expect(await count('contacts')).toBe(contacts);
    });

    it("never hands owner A's page to owner B, nor a disconnected page to anyone", async () => {
      await deliver(messengerText({ pageId: PAGE_B, psid: '7001', text: 'to B', mid: 'm_b' }));
      await deliver(messengerText({ pageId: PAGE_A, psid: '7001', text: 'to A', mid: 'm_a' }));
      await settled();
      const owners = Object.fromEntries(
        messaging
          .of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)
          .map((r) => [r.data.platformMessageId, r.ownerId]),
      );
      expect(owners).toEqual({ m_a: ownerA, m_b: ownerB });
      const { rows } = await db.query(
        'select owner_id, page_id from contacts where user_id = $1 order by page_id',
        ['7001'],
      );
      expect(rows).toEqual([
        { owner_id: ownerA, page_id: PAGE_A },
        { owner_id: ownerB, page_id: PAGE_B },
      ]);

      messaging.received.length = 0;
      await db.query('update pages set is_active = false where page_id = $1', [PAGE_B]);
      await deliver(messengerText({ pageId: PAGE_B, psid: '7001', text: 'to nobody' }));
      await settled();
      await db.query('update pages set is_active = true where page_id = $1', [PAGE_B]);
      expect(messaging.received).toEqual([]);
    });

    it('retries while messaging-service is down and hands the message over once it is back', async () => {
      messaging.down();
      try {
        await deliver(messengerText({ pageId: PAGE_A, psid: '7001', text: 'are you there?', mid: 'm_down' }));
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(await count('webhook_events', 'processed_at is null')).toBe(1);
      } finally {
        messaging.up();
      }
      await settled(15_000);
      expect(
        messaging
          .of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)
          .map((r) => r.data.platformMessageId),
      ).toEqual(['m_down']);
    }, 30_000);

    it('queues again an event whose job went missing (the reconciler)', async () => {
      const body = JSON.stringify(
        messengerText({ pageId: PAGE_A, psid: '7001', text: 'lost job', mid: 'm_lost' }),
      );
      await db.query(
        `insert into webhook_events (id, body, received_at) values ($1, $2, now() - interval '2 minutes')`,
        [randomUUID(), body],
      );
      expect(await service.app.get(WebhookReconciler).run(60)).toBe(1);
      await settled();
      expect(
        messaging
          .of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)
          .map((r) => r.data.platformMessageId),
      ).toEqual(['m_lost']);
      expect(await service.app.get(WebhookReconciler).run(60)).toBe(0);
    });
  });

  describe('echoes', () => {
    it("passes on a message a person sent from the page's inbox, and not Parley's own sends", async () => {
      await db.query(
        `insert into deliveries (message_id, owner_id, platform, page_id, recipient_id, text, written_by, status, platform_message_id, sent_at)
         values ($1, $2, 'facebook', $3, '7001', 'Our reply', 'ai', 'sent', 'm_ours_known', now())`,
        [randomUUID(), ownerA, PAGE_A],
      );
      await deliver(
        messengerEcho({
          pageId: PAGE_A,
          psid: '7001',
          text: 'Sent by our app',
          mid: 'm_echo_app',
          appId: APP_ID,
        }),
      );
      await deliver(messengerEcho({ pageId: PAGE_A, psid: '7001', text: 'Our reply', mid: 'm_ours_known' }));
      await deliver(
        messengerEcho({
          pageId: PAGE_A,
          psid: '7001',
          text: 'Hi, Ana here from the shop',
          mid: 'm_echo_inbox',
        }),
      );
      await deliver(
        messengerEcho({
          pageId: PAGE_A,
          psid: '7001',
          text: 'Another app',
          mid: 'm_echo_other',
          appId: '263902037430900',
        }),
      );
      await settled();
      expect(messaging.of<ChannelEchoData>(MESSAGING_SUBJECTS.recordEcho)).toEqual([
        {
          subject: MESSAGING_SUBJECTS.recordEcho,
          ownerId: ownerA,
          data: {
            platform: 'facebook',
            pageId: PAGE_A,
            recipientId: '7001',
            platformMessageId: 'm_echo_inbox',
            content: 'Hi, Ana here from the shop',
            sentAt: expect.any(String),
          },
        },
        expect.objectContaining({ data: expect.objectContaining({ platformMessageId: 'm_echo_other' }) }),
      ]);
      expect(messaging.of(MESSAGING_SUBJECTS.ingestMessage)).toEqual([]);
    });
  });

  describe("Parley's own echoes", () => {
    it('acknowledges a body of nothing but our own echoes without storing it, and stores one that has more', async () => {
      const before = await count('webhook_events');
      const ours = messengerEcho({
        pageId: PAGE_A,
        psid: '7001',
        text: 'Our reply',
        mid: 'm_own_1',
        appId: APP_ID,
      });
      await expect(deliver(ours)).resolves.toEqual({ accepted: true });
      expect(await count('webhook_events')).toBe(before);

      // The same echo beside a person's echo from the page's inbox: the body is stored and processed whole.
      const inbox = messengerEcho({ pageId: PAGE_A, psid: '7001', text: 'Ana here', mid: 'm_inbox_2' });
      const mixed = { ...ours, entry: [...ours.entry, ...inbox.entry] };
      await expect(deliver(mixed)).resolves.toEqual({ accepted: true });
      expect(await count('webhook_events')).toBe(before + 1);
      await settled();
      expect(
        messaging.of<ChannelEchoData>(MESSAGING_SUBJECTS.recordEcho).map((r) => r.data.platformMessageId),
      ).toEqual(['m_inbox_2']);
    });
  });

  describe('delivery, read and status', () => {
    /** An outgoing message of `ownerId` on the page, `secondsAgo` sent. */
    async function delivery(
      ownerId: string,
      platform: MetaChannel,
      pageId: string,
      recipientId: string,
      mid: string,
      status: string,
      secondsAgo = 60,
    ) {
      const id = randomUUID();
      await db.query(
        `insert into deliveries (message_id, owner_id, platform, page_id, recipient_id, text, written_by, status, platform_message_id, sent_at)
         values ($1, $2, $3, $4, $5, 'Thanks!', 'ai', $6, $7, now() - make_interval(secs => $8))`,
        [id, ownerId, platform, pageId, recipientId, status, mid, secondsAgo],
      );
      return id;
    }

    const statusOf = async (id: string) =>
      (
        await db.query<{ status: string; failure_reason: string | null }>(
          'select status, failure_reason from deliveries where message_id = $1',
          [id],
        )
      ).rows[0];

    const updates = () =>
      messaging
        .of<DeliveryStatusData>(MESSAGING_SUBJECTS.updateDeliveryStatus)
        .map((r) => [r.ownerId, r.data.messageId, r.data.status]);

    it('moves Messenger messages to delivered (by mid and watermark) and read (by watermark), forward only', async () => {
      const older = await delivery(ownerA, 'facebook', PAGE_A, '7100', 'm_d1', 'sent', 120);
      const named = await delivery(ownerA, 'facebook', PAGE_A, '7100', 'm_d2', 'sent', 60);
      const later = await delivery(ownerA, 'facebook', PAGE_A, '7100', 'm_d3', 'sent', 0);
      await deliver(
        messengerDelivery({ pageId: PAGE_A, psid: '7100', mids: ['m_d2'], watermark: Date.now() - 100_000 }),
      );
      await settled();
      expect(await statusOf(older)).toEqual({ status: 'delivered', failure_reason: null });
      expect(await statusOf(named)).toEqual({ status: 'delivered', failure_reason: null });
      expect(await statusOf(later)).toEqual({ status: 'sent', failure_reason: null });
      expect(updates().sort()).toEqual(
        [
          [ownerA, older, 'delivered'],
          [ownerA, named, 'delivered'],
        ].sort(),
      );

      messaging.received.length = 0;
      await deliver(messengerRead({ pageId: PAGE_A, psid: '7100', watermark: Date.now() - 30_000 }));
      await settled();
      expect((await statusOf(older)).status).toBe('read');
      expect((await statusOf(named)).status).toBe('read');
      expect((await statusOf(later)).status).toBe('sent');

      messaging.received.length = 0;
      await deliver(
        messengerDelivery({
          pageId: PAGE_A,
          psid: '7100',
          mids: ['m_d1', 'm_d2', 'm_d3'],
          watermark: Date.now(),
        }),
      );
      await settled();
      expect((await statusOf(named)).status).toBe('read');
      expect((await statusOf(later)).status).toBe('delivered');
      expect(updates()).toEqual([[ownerA, later, 'delivered']]);
    });

    it('moves Instagram messages to read up to the message seen', async () => {
      const first = await delivery(ownerA, 'instagram', IG_A, '8100', 'm_i1', 'sent', 90);
      const seen = await delivery(ownerA, 'instagram', IG_A, '8100', 'm_i2', 'sent', 60);
      const after = await delivery(ownerA, 'instagram', IG_A, '8100', 'm_i3', 'sent', 10);
      await deliver(instagramRead({ igId: IG_A, igsid: '8100', mid: 'm_i2' }));
      await settled();
      expect([
        (await statusOf(first)).status,
        (await statusOf(seen)).status,
        (await statusOf(after)).status,
      ]).toEqual(['read', 'read', 'sent']);
    });

    it('follows WhatsApp statuses forward, a failure with its reason, never backward', async () => {
      const target = { wabaId: '41001', phoneNumberId: PHONE_A, recipientId: '34600111222' };
      const ok = await delivery(ownerA, 'whatsapp', PHONE_A, '34600111222', 'wamid.ok', 'sent');
      const bad = await delivery(ownerA, 'whatsapp', PHONE_A, '34600111222', 'wamid.bad', 'sent');
      await deliver(whatsappStatus({ ...target, id: 'wamid.ok', status: 'read' }));
      await deliver(
        whatsappStatus({
          ...target,
          id: 'wamid.bad',
          status: 'failed',
          errors: [
            {
              code: 131026,
              title: 'Message undeliverable',
              error_data: { details: 'The number is not on WhatsApp.' },
            },
          ],
        }),
      );
      await settled();
      expect(await statusOf(ok)).toEqual({ status: 'read', failure_reason: null });
      expect(await statusOf(bad)).toEqual({
        status: 'failed',
        failure_reason: 'The number is not on WhatsApp.',
      });
      expect(
        messaging
          .of<DeliveryStatusData>(MESSAGING_SUBJECTS.updateDeliveryStatus)
          .map((r) => r.data)
          .sort((a, b) => a.status.localeCompare(b.status)),
      ).toEqual([
        {
          messageId: bad,
          status: 'failed',
          platformMessageId: 'wamid.bad',
          reason: 'The number is not on WhatsApp.',
        },
        { messageId: ok, status: 'read', platformMessageId: 'wamid.ok' },
      ]);

      messaging.received.length = 0;
      await deliver(whatsappStatus({ ...target, id: 'wamid.ok', status: 'delivered' }));
      await deliver(
        whatsappStatus({ ...target, id: 'wamid.ok', status: 'failed', errors: [{ code: 1, title: 'late' }] }),
      );
      await deliver(whatsappStatus({ ...target, id: 'wamid.bad', status: 'delivered' }));
      await settled();
      expect(await statusOf(ok)).toEqual({ status: 'read', failure_reason: null });
      expect((await statusOf(bad)).status).toBe('failed');
      expect(updates()).toEqual([]);
    });

    it('ends at the furthest state when reports for one message arrive together', async () => {
      const target = { wabaId: '41001', phoneNumberId: PHONE_A, recipientId: '34600333444' };
      const mids = [1, 2, 3, 4, 5].map((n) => `wamid.together${n}`);
      const ids = await Promise.all(
        mids.map((mid) => delivery(ownerA, 'whatsapp', PHONE_A, '34600333444', mid, 'sent')),
      );
      await Promise.all(
        mids.flatMap((mid) => [
          deliver(whatsappStatus({ ...target, id: mid, status: 'delivered' })),
          deliver(whatsappStatus({ ...target, id: mid, status: 'read' })),
        ]),
      );
      await settled();
      expect(await Promise.all(ids.map(async (id) => (await statusOf(id)).status))).toEqual(
        ids.map(() => 'read'),
      );
    });

    it("never moves another owner's deliveries from an event on someone else's page", async () => {
      const theirs = await delivery(ownerB, 'facebook', PAGE_B, '7200', 'm_theirs', 'sent');
      await deliver(
        messengerDelivery({ pageId: PAGE_A, psid: '7200', mids: ['m_theirs'], watermark: Date.now() }),
      );
      await settled();
      expect((await statusOf(theirs)).status).toBe('sent');
      expect(updates()).toEqual([]);
    });
  });

  describe('the channel seam', () => {
    it("stores each body with its channel's source, and refuses a source no channel has, storing nothing", async () => {
      await deliver(messengerText({ pageId: PAGE_A, psid: '7001', text: 'which source?', mid: 'm_source' }));
      const { rows } = await db.query<{ source: string }>(
        `select source from webhook_events where body like '%m_source%'`,
      );
      expect(rows).toEqual([{ source: 'meta' }]);
      await settled();

      const before = await count('webhook_events');
      const body = JSON.stringify(
        messengerText({ pageId: PAGE_A, psid: '7001', text: 'x', mid: 'm_nowhere' }),
      );
      expect(
        await codeOf(
          client.send(webhookSubject('nobody', 'receive'), {
            body,
            signature: signMetaBody(APP_SECRET, body),
          }),
        ),
      ).toBe(ErrorCode.NotFound);
      expect(
        await codeOf(
          client.send(webhookSubject('nobody', 'verify'), {
            mode: 'subscribe',
            token: VERIFY_TOKEN,
            challenge: '1',
          }),
        ),
      ).toBe(ErrorCode.NotFound);
      expect(await count('webhook_events')).toBe(before);
    });

    it("reads a row stored without a source as Meta's, and skips one whose source no channel reads", async () => {
      const text = (mid: string) =>
        JSON.stringify(messengerText({ pageId: PAGE_A, psid: '7001', text: mid, mid }));
      const unknown = randomUUID();
      await db.query(
        `insert into webhook_events (id, body, received_at) values ($1, $2, now() - interval '2 minutes')`,
        [randomUUID(), text('m_default')],
      );
      await db.query(
        `insert into webhook_events (id, source, body, received_at) values ($1, 'gone', $2, now() - interval '2 minutes')`,
        [unknown, text('m_gone')],
      );
      expect(await service.app.get(WebhookReconciler).run(60)).toBe(2);
      await settled();
      expect(
        messaging
          .of<IngestMessageData>(MESSAGING_SUBJECTS.ingestMessage)
          .map((r) => r.data.platformMessageId),
      ).toEqual(['m_default']);
      expect(await count('webhook_events', `id = '${unknown}' and processed_at is not null`)).toBe(1);
    });
  });
});
