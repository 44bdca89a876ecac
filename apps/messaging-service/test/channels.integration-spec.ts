import { randomUUID } from 'node:crypto';
import {
  type ConversationResponse,
  type CustomerResponse,
  type DeliveryRequest,
  ErrorCode,
  type IngestMessageResult,
  INTEGRATIONS_SUBJECTS,
  type MessageResponse,
  MESSAGING_SUBJECTS,
  type OwnerEvent,
  REALTIME_SUBJECT,
  USAGE_SUBJECTS,
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
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { Client } from 'pg';
import { messagingServiceModule } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';
import { OutboundReconciler } from '../src/outbound/outbound-reconciler';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const codec = JSONCodec();

interface Packet<T = unknown> {
  id: string;
  data: { actor?: { userId: string }; data: T };
}

/**
 * messaging-service's side of Meta channels, alone on its own database, NATS prefix and Redis prefix.
 * billing-service (the reply's API call) and integrations-service (the hand-over) are stood in for by NATS
 * responders that answer as they would and record what they were asked.
 */
describe('messaging-service: channel customers, Meta window, hand-over, echoes and delivery states', () => {
  let infra: TestInfra;
  let messaging: ServiceApp;
  let nc: NatsConnection;
  let prefix: string;
  let client: ServiceClient;
  let db: Client;
  let integrations: Subscription | undefined;
  /** What integrations-service was handed: each request with its owner. */
  const handed: { ownerId: string; request: DeliveryRequest }[] = [];
  const events: OwnerEvent[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(MessagingConfig, { ...infra.env, RECONCILE_INTERVAL_MS: '600000' });
    prefix = config.NATS_PREFIX;
    messaging = await createServiceApp('messaging-service', messagingServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'messaging-channels-test');
    client = new ServiceClient(nc, prefix, 5000);
    respond(USAGE_SUBJECTS.consume, () => ({ used: 1 }));
    integrations = standInForIntegrations();
    nc.subscribe(`${prefix}${REALTIME_SUBJECT}`, {
      callback: (_error, msg) => events.push(codec.decode(msg.data) as OwnerEvent),
    });
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await messaging?.app.close();
    await infra?.cleanup();
  });

  /** A NATS responder on `subject`, answering as a Nest service does. */
  function respond(subject: string, answer: (packet: Packet) => unknown): Subscription {
    return nc.subscribe(`${prefix}${subject}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as Packet;
        msg.respond(codec.encode({ id: packet.id, response: answer(packet), isDisposed: true }));
      },
    });
  }

  function standInForIntegrations(): Subscription {
    return respond(INTEGRATIONS_SUBJECTS.enqueueDelivery, (packet) => {
      handed.push({ ownerId: packet.data.actor?.userId ?? '', request: packet.data.data as DeliveryRequest });
      return { queued: true };
    });
  }

  const send = <T>(subject: string, owner: string, data: unknown) =>
    client.send<T>(subject, data, { actor: workspaceActor(owner) });

  async function refused(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
    try {
      await promise;
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message };
    }
    throw new Error('the request was not refused');
  }

  async function until<T>(
    read: () => Promise<T>,
    done: (value: T) => boolean,
    timeoutMs = 10_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** An owner whose AI answers at once (or never, with `autoRespond: false`). */
  async function owner(autoRespond = true): Promise<string> {
    const id = randomUUID();
    await send(MESSAGING_SUBJECTS.saveAiConfig, id, {
      companyName: 'Olive & Thread',
      companyDescription: 'Handmade linen clothes, shipped from Valencia.',
      autoRespond,
      responseDelay: 0,
    });
    return id;
  }

  /** A customer message from a connected page, written `agoMs` ago. */
  const fromChannel = (
    ownerId: string,
    m: { platform?: string; psid?: string; content?: string; agoMs?: number; mid?: string } = {},
  ) =>
    send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
      platform: m.platform ?? 'facebook',
      platformUsername: m.psid ?? '24871093',
      senderName: 'María García',
      content: m.content ?? 'Do you ship to Seville?',
      platformMessageId: m.mid ?? `m_${randomUUID()}`,
      channel: { pageId: '1784523' },
      sentAt: new Date(Date.now() - (m.agoMs ?? 0)).toISOString(),
    });

  const simulated = (ownerId: string, username = 'ana') =>
    send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
      platform: 'instagram',
      platformUsername: username,
      senderName: 'Ana',
      content: 'Hola',
    });

  async function messageRow(id: string) {
    const { rows } = await db.query<{
      status: string;
      needs_human: boolean;
      platform_message_id: string | null;
      failure_reason: string | null;
    }>(
      'select status, needs_human, platform_message_id, failure_reason from messaging_service.messages where id = $1',
      [id],
    );
    return rows[0];
  }

  async function outgoing(customerId: string) {
    const { rows } = await db.query<{ id: string; status: string; ai_generated: boolean; content: string }>(
      `select id, status, ai_generated, content from messaging_service.messages
        where customer_id = $1 and direction = 'outgoing' order by timestamp`,
      [customerId],
    );
    return rows;
  }

  async function customer(ownerId: string, customerId: string): Promise<CustomerResponse> {
    const answer = await client.sendRaw(MESSAGING_SUBJECTS.listCustomers, {}, { actor: workspaceActor(ownerId) });
    const list = JSON.parse(Buffer.from(answer.body).toString('utf8')) as CustomerResponse[];
    const found = list.find((c) => c.id === customerId);
    if (!found) throw new Error('customer not listed');
    return found;
  }

  async function thread(ownerId: string, customerId: string): Promise<MessageResponse[]> {
    const answer = await client.sendRaw(
      MESSAGING_SUBJECTS.listMessages,
      { customerId },
      { actor: workspaceActor(ownerId) },
    );
    return JSON.parse(Buffer.from(answer.body).toString('utf8')) as MessageResponse[];
  }

  const handedFor = (messageId: string) => handed.filter((h) => h.request.messageId === messageId);

  describe('ingest from a channel', () => {
    it('makes the customer reachable, keeps when they last wrote and the attachments as links', async () => {
      const ownerId = await owner(false);
      const sentAt = new Date(Date.now() - 5 * MINUTE);
      const sent = await send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
        platform: 'instagram',
        platformUsername: '17841400000001',
        senderName: 'Lucía',
        content: 'Is this one in stock?',
        platformMessageId: 'aWdfZAG1',
        channel: { pageId: '17841455555555' },
        attachments: [{ type: 'image', url: 'https://cdn.example/photo.jpg' }],
        sentAt: sentAt.toISOString(),
      });
      expect(sent.stored).toBe(true);
      expect(await customer(ownerId, sent.customerId)).toMatchObject({
        name: 'Lucía',
        reachable: true,
        lastInboundAt: sentAt.toISOString(),
        aiPausedUntil: null,
      });
      const [message] = await thread(ownerId, sent.customerId);
      expect(message).toMatchObject({
        content: 'Is this one in stock?',
        attachments: [{ type: 'image', url: 'https://cdn.example/photo.jpg' }],
        failureReason: null,
      });

      // An older message arriving late leaves the latest time; the name the customer got first stays.
      await send(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
        platform: 'instagram',
        platformUsername: '17841400000001',
        senderName: 'Lucía R.',
        content: 'hello?',
        channel: { pageId: '17841455555555' },
        sentAt: new Date(sentAt.getTime() - HOUR).toISOString(),
      });
      expect(await customer(ownerId, sent.customerId)).toMatchObject({
        name: 'Lucía',
        lastInboundAt: sentAt.toISOString(),
      });
    });

    it('keeps a simulated customer unreachable', async () => {
      const ownerId = await owner(false);
      const sent = await simulated(ownerId);
      expect(await customer(ownerId, sent.customerId)).toMatchObject({ reachable: false });
      expect((await thread(ownerId, sent.customerId))[0].attachments).toEqual([]);
    });
  });

  describe("the channel's name for a customer", () => {
    it("renames customers and their messages, many at once, each once; not a simulated or another owner's", async () => {
      const ownerId = await owner(false);
      const other = await owner(false);
      const ana = await fromChannel(ownerId, { psid: 'p_ana' });
      const ben = await fromChannel(ownerId, { psid: 'p_ben' });
      const sim = await simulated(ownerId, 'p_sim');
      const name = (who: string, psid: string, newName: string, platform = 'facebook') =>
        send<{ updated: boolean }>(MESSAGING_SUBJECTS.nameChannelCustomer, who, {
          platform,
          platformUsername: psid,
          name: newName,
        });
      // Sent together, so that they are written together: one customer twice (the later name wins), one
      // already so named, one nobody has, one of another owner's, a simulated customer.
      const answers = await Promise.all([
        name(ownerId, 'p_ana', 'Ana Ruiz'),
        name(ownerId, 'p_ben', 'Ben Okafor'),
        name(ownerId, 'p_ana', 'Ana R.'),
        name(ownerId, 'p_ben', 'Ben Okafor'),
        name(ownerId, 'p_nobody', 'Nobody'),
        name(other, 'p_ana', 'Not Ana'),
        name(ownerId, 'p_sim', 'Simulated', 'instagram'),
      ]);
      expect(answers.map((a) => a.updated)).toEqual([true, true, true, false, false, false, false]);
      expect(await customer(ownerId, ana.customerId)).toMatchObject({ name: 'Ana R.' });
      expect(await customer(ownerId, ben.customerId)).toMatchObject({ name: 'Ben Okafor' });
      expect(await customer(ownerId, sim.customerId)).toMatchObject({ name: 'Ana' });
      const { rows } = await db.query<{ customer_id: string; customer_name: string }>(
        'select customer_id, customer_name from messaging_service.messages where customer_id = any($1::uuid[])',
        [[ana.customerId, ben.customerId]],
      );
      expect(rows.map((r) => [r.customer_id, r.customer_name]).sort()).toEqual(
        [
          [ana.customerId, 'Ana R.'],
          [ben.customerId, 'Ben Okafor'],
        ].sort(),
      );
    });
  });

  describe('AI replies and the 24-hour window', () => {
    it('answers a customer who wrote 23 h 59 min ago: stored queued and handed over as written by the AI', async () => {
      const ownerId = await owner();
      const sent = await fromChannel(ownerId, { agoMs: 24 * HOUR - MINUTE, psid: 'psid-open' });
      const replies = await until(
        () => outgoing(sent.customerId),
        (rows) => rows.length > 0,
      );
      expect(replies).toEqual([
        { id: expect.any(String), status: 'queued', ai_generated: true, content: expect.any(String) },
      ]);
      expect(
        await until(
          async () => handedFor(replies[0].id),
          (h) => h.length > 0,
        ),
      ).toEqual([
        {
          ownerId,
          request: {
            messageId: replies[0].id,
            platform: 'facebook',
            pageId: '1784523',
            recipientId: 'psid-open',
            text: replies[0].content,
            writtenBy: 'ai',
          },
        },
      ]);
    });

    it('leaves a customer who wrote 24 h 1 min ago to a person: pending, needs a human, nothing handed over', async () => {
      const ownerId = await owner();
      const sent = await fromChannel(ownerId, { agoMs: 24 * HOUR + MINUTE, psid: 'psid-closed' });
      const row = await until(
        () => messageRow(sent.messageId),
        (r) => r.needs_human,
      );
      expect(row).toMatchObject({ status: 'pending', needs_human: true });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await outgoing(sent.customerId)).toEqual([]);
      expect(handed.filter((h) => h.ownerId === ownerId)).toEqual([]);
    });

    it("never hands over a simulated customer's reply: stored as simulated", async () => {
      const ownerId = await owner();
      const sent = await simulated(ownerId);
      const replies = await until(
        () => outgoing(sent.customerId),
        (rows) => rows.length > 0,
      );
      expect(replies.map((r) => [r.status, r.ai_generated])).toEqual([['simulated', true]]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(handed.filter((h) => h.ownerId === ownerId)).toEqual([]);
    });
  });

  describe("a person's reply", () => {
    const reply = (ownerId: string, customerId: string, content = 'Yes, in two days.') =>
      send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, { customerId, content });

    it('goes out on Messenger 6 d 23 h after the customer wrote (a person, tagged), and pauses the AI', async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, { agoMs: 7 * 24 * HOUR - HOUR, psid: 'psid-human' });
      const before = Date.now();
      const message = await reply(ownerId, sent.customerId);
      expect(message).toMatchObject({
        direction: 'outgoing',
        status: 'queued',
        aiGenerated: false,
        content: 'Yes, in two days.',
        failureReason: null,
      });
      expect(handedFor(message.id)).toEqual([
        {
          ownerId,
          request: {
            messageId: message.id,
            platform: 'facebook',
            pageId: '1784523',
            recipientId: 'psid-human',
            text: 'Yes, in two days.',
            writtenBy: 'human',
          },
        },
      ]);
      const paused = Date.parse((await customer(ownerId, sent.customerId)).aiPausedUntil ?? '');
      expect(paused).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
      expect(paused).toBeLessThan(Date.now() + 24 * HOUR + 1000);
      expect(await messageRow(sent.messageId)).toMatchObject({ status: 'responded' });
    });

    it('is refused on Messenger 7 d 1 h after, and on WhatsApp 24 h 1 min after, storing nothing', async () => {
      const ownerId = await owner(false);
      const late = await fromChannel(ownerId, { agoMs: 7 * 24 * HOUR + HOUR, psid: 'psid-late' });
      expect(await refused(reply(ownerId, late.customerId))).toEqual({
        code: ErrorCode.Conflict,
        message:
          'The customer wrote more than 7 days ago: Messenger allows no message until they write again.',
      });
      const whatsapp = await fromChannel(ownerId, {
        platform: 'whatsapp',
        psid: '34600000001',
        agoMs: 24 * HOUR + MINUTE,
      });
      expect(await refused(reply(ownerId, whatsapp.customerId))).toEqual({
        code: ErrorCode.Conflict,
        message:
          'The customer wrote more than 24 hours ago: WhatsApp allows only an approved template message until they write again.',
      });
      expect(await outgoing(late.customerId)).toEqual([]);
      expect(await outgoing(whatsapp.customerId)).toEqual([]);
      expect((await customer(ownerId, late.customerId)).aiPausedUntil).toBeNull();
      expect(handed.filter((h) => h.ownerId === ownerId)).toEqual([]);
    });

    it('to a simulated customer is only stored (simulated), and pauses the AI there too', async () => {
      const ownerId = await owner(false);
      const sent = await simulated(ownerId);
      const message = await reply(ownerId, sent.customerId);
      expect(message.status).toBe('simulated');
      expect(handedFor(message.id)).toEqual([]);
      expect((await customer(ownerId, sent.customerId)).aiPausedUntil).not.toBeNull();
    });

    it('pauses the AI: the next message from that customer is left to the person', async () => {
      const ownerId = await owner();
      const first = await fromChannel(ownerId, { psid: 'psid-paused' });
      await until(
        () => outgoing(first.customerId),
        (rows) => rows.length > 0,
      );
      await reply(ownerId, first.customerId, 'I will take it from here.');
      const second = await fromChannel(ownerId, { psid: 'psid-paused', content: 'Thanks! And the price?' });
      const row = await until(
        () => messageRow(second.messageId),
        (r) => r.needs_human,
      );
      expect(row).toMatchObject({ status: 'pending', needs_human: true });
      expect((await outgoing(first.customerId)).map((r) => r.ai_generated)).toEqual([true, false]);

      // Resume AI: the pause ends; the next message is answered again.
      const resumed = await send<CustomerResponse>(MESSAGING_SUBJECTS.updateConversation, ownerId, {
        customerId: first.customerId,
        changes: { aiPaused: false },
      });
      expect(resumed.aiPausedUntil).toBeNull();
      await fromChannel(ownerId, { psid: 'psid-paused', content: 'Hello again' });
      const after = await until(
        () => outgoing(first.customerId),
        (rows) => rows.length === 3,
      );
      expect(after.map((r) => r.ai_generated)).toEqual([true, false, true]);
    });
  });

  describe('Send Message (to a platform id)', () => {
    const sendTo = (ownerId: string, body: Record<string, string>) =>
      send<MessageResponse>(MESSAGING_SUBJECTS.sendToRecipient, ownerId, body);

    it('sends to a customer who wrote through the page, as a person', async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, { psid: 'psid-panel' });
      const message = await sendTo(ownerId, {
        platform: 'facebook',
        recipientId: 'psid-panel',
        message: 'Your order left today.',
      });
      expect(message).toMatchObject({ customerId: sent.customerId, status: 'queued', aiGenerated: false });
      expect(handedFor(message.id)).toEqual([
        expect.objectContaining({ request: expect.objectContaining({ writtenBy: 'human' }) }),
      ]);
    });

    it('refuses an unknown recipient (404) and a customer no connected channel knows (409)', async () => {
      const ownerId = await owner(false);
      expect(
        await refused(sendTo(ownerId, { platform: 'whatsapp', recipientId: '34999', message: 'Hi' })),
      ).toEqual({ code: ErrorCode.NotFound, message: 'No customer with recipient ID 34999 on WhatsApp.' });
      await simulated(ownerId, 'ana.sim');
      expect(
        await refused(sendTo(ownerId, { platform: 'instagram', recipientId: 'ana.sim', message: 'Hi' })),
      ).toEqual({
        code: ErrorCode.Conflict,
        message: 'Ana did not write through a connected Instagram account: nothing can be delivered.',
      });
      const incomplete = await refused(
        sendTo(ownerId, { platform: 'facebook', recipientId: '', message: 'Hi' }),
      );
      expect(incomplete).toEqual({
        code: ErrorCode.ValidationFailed,
        message: 'Please select a platform, enter recipient ID, and write a message.',
      });
    });
  });

  describe('echoes (a person answering from the page inbox)', () => {
    it("are stored once as a person's reply, answer the pending messages and pause the AI for 24 h", async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, { psid: 'psid-echo' });
      const echo = {
        platform: 'facebook',
        pageId: '1784523',
        recipientId: 'psid-echo',
        platformMessageId: 'm_echo_1',
        content: 'Answered from the inbox',
      };
      expect(await send(MESSAGING_SUBJECTS.recordEcho, ownerId, echo)).toEqual({ stored: true });
      expect(await send(MESSAGING_SUBJECTS.recordEcho, ownerId, echo)).toEqual({ stored: false });
      expect(await outgoing(sent.customerId)).toEqual([
        { id: expect.any(String), status: 'sent', ai_generated: false, content: 'Answered from the inbox' },
      ]);
      expect(await messageRow(sent.messageId)).toMatchObject({ status: 'responded' });
      const paused = Date.parse((await customer(ownerId, sent.customerId)).aiPausedUntil ?? '');
      expect(Math.abs(paused - (Date.now() + 24 * HOUR))).toBeLessThan(5000);
      const unknown = { ...echo, recipientId: 'nobody', platformMessageId: 'm_echo_2' };
      expect(await send(MESSAGING_SUBJECTS.recordEcho, ownerId, unknown)).toEqual({ stored: false });
      // Another owner's customer is unknown to this one.
      expect(
        await send(MESSAGING_SUBJECTS.recordEcho, randomUUID(), { ...echo, platformMessageId: 'm_echo_3' }),
      ).toEqual({
        stored: false,
      });
    });
  });

  describe('delivery states', () => {
    it('move forward only, keep the platform id and the reason, and are told quietly to the owner', async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, { psid: 'psid-status' });
      const reply = await send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, {
        customerId: sent.customerId,
        content: 'On its way.',
      });
      const status = (data: Record<string, string>, as = ownerId) =>
        send<{ updated: boolean }>(MESSAGING_SUBJECTS.updateDeliveryStatus, as, {
          messageId: reply.id,
          ...data,
        });

      expect(await status({ status: 'delivered' }, randomUUID())).toEqual({ updated: false });
      expect(await status({ status: 'sent', platformMessageId: 'm_sent_1' })).toEqual({ updated: true });
      expect(await status({ status: 'delivered' })).toEqual({ updated: true });
      expect(await status({ status: 'sent', platformMessageId: 'm_sent_1' })).toEqual({ updated: false });
      expect(await status({ status: 'failed', reason: 'too late' })).toEqual({ updated: false });
      expect(await status({ status: 'read' })).toEqual({ updated: true });
      expect(await status({ status: 'delivered' })).toEqual({ updated: false });
      expect(await messageRow(reply.id)).toEqual({
        status: 'read',
        needs_human: false,
        platform_message_id: 'm_sent_1',
        failure_reason: null,
      });
      expect(
        await send(MESSAGING_SUBJECTS.updateDeliveryStatus, ownerId, {
          messageId: randomUUID(),
          status: 'sent',
        }),
      ).toEqual({ updated: false });

      const other = await send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, {
        customerId: sent.customerId,
        content: 'And another thing.',
      });
      const reason =
        'The customer wrote more than 7 days ago: Messenger allows no message until they write again.';
      expect(
        await send(MESSAGING_SUBJECTS.updateDeliveryStatus, ownerId, {
          messageId: other.id,
          status: 'failed',
          reason,
        }),
      ).toEqual({ updated: true });
      expect(
        await send(MESSAGING_SUBJECTS.updateDeliveryStatus, ownerId, { messageId: other.id, status: 'sent' }),
      ).toEqual({ updated: false });
      const shown = (await thread(ownerId, sent.customerId)).find((m) => m.id === other.id);
      expect(shown).toMatchObject({ status: 'failed', failureReason: reason });

      const told = await until(
        async () => events.filter((e) => e.ownerId === ownerId && e.event.type === 'message_status'),
        (list) => list.length >= 4,
      );
      expect(told.map((e) => e.event.data)).toEqual([
        { messageId: reply.id, customerId: sent.customerId, status: 'sent', failureReason: null },
        { messageId: reply.id, customerId: sent.customerId, status: 'delivered', failureReason: null },
        { messageId: reply.id, customerId: sent.customerId, status: 'read', failureReason: null },
        { messageId: other.id, customerId: sent.customerId, status: 'failed', failureReason: reason },
      ]);
    });
  });

  describe('the conversation (Pause AI / Resume AI)', () => {
    it("pauses for 24 h and resumes; another owner's customer is not found", async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, { psid: 'psid-pause' });
      const paused = await send<ConversationResponse>(MESSAGING_SUBJECTS.updateConversation, ownerId, {
        customerId: sent.customerId,
        changes: { aiPaused: true },
      });
      expect(Math.abs(Date.parse(paused.aiPausedUntil ?? '') - (Date.now() + 24 * HOUR))).toBeLessThan(5000);
      expect(paused).toMatchObject({ customerId: sent.customerId, aiPaused: true, reachable: true });
      expect(
        await refused(
          send(MESSAGING_SUBJECTS.updateConversation, randomUUID(), {
            customerId: sent.customerId,
            changes: { aiPaused: false },
          }),
        ),
      ).toEqual({ code: ErrorCode.NotFound, message: 'Customer not found' });
      expect((await customer(ownerId, sent.customerId)).aiPausedUntil).toBe(paused.aiPausedUntil);
      const bad = await refused(
        send(MESSAGING_SUBJECTS.updateConversation, ownerId, {
          customerId: sent.customerId,
          changes: { aiPaused: 'yes' },
        }),
      );
      expect(bad.code).toBe(ErrorCode.ValidationFailed);
    });
  });

  describe('WhatsApp templates', () => {
    const orderUpdate: WhatsAppTemplateResponse = {
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      header: null,
      body: 'Hi {{1}}, your order {{2}} is on its way.',
      footer: 'Olive & Thread',
      parameterCount: 2,
    };
    /** The pages integrations-service was asked the templates of. */
    const asked: string[] = [];
    let templates: Subscription;

    beforeAll(() => {
      templates = respond(INTEGRATIONS_SUBJECTS.listTemplates, (packet) => {
        asked.push((packet.data.data as { pageId: string }).pageId);
        return [orderUpdate];
      });
    });
    afterAll(() => templates.unsubscribe());

    const chosen = { name: 'order_update', language: 'en_US', parameters: ['María', '#88'] };

    it('goes to a WhatsApp customer 30 h after they wrote, when a text may not, and the reconciler keeps it', async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, {
        platform: 'whatsapp',
        psid: '34600111222',
        agoMs: 30 * HOUR,
      });
      expect(
        await refused(
          send(MESSAGING_SUBJECTS.replyToCustomer, ownerId, { customerId: sent.customerId, content: 'Hi' }),
        ),
      ).toMatchObject({ code: ErrorCode.Conflict, message: expect.stringMatching(/approved template/) });

      const listed = await send(MESSAGING_SUBJECTS.listTemplates, ownerId, { customerId: sent.customerId });
      expect(listed).toEqual([orderUpdate]);
      expect(asked.at(-1)).toBe('1784523');

      const message = await send<MessageResponse>(MESSAGING_SUBJECTS.sendTemplate, ownerId, {
        customerId: sent.customerId,
        template: chosen,
      });
      expect(message).toMatchObject({
        content: 'Hi María, your order #88 is on its way.\n\nOlive & Thread',
        status: 'queued',
        aiGenerated: false,
        template: { name: 'order_update', language: 'en_US' },
      });
      expect(handedFor(message.id)).toEqual([
        {
          ownerId,
          request: expect.objectContaining({
            platform: 'whatsapp',
            recipientId: '34600111222',
            text: message.content,
            template: chosen,
            writtenBy: 'human',
          }),
        },
      ]);
      expect((await customer(ownerId, sent.customerId)).aiPausedUntil).not.toBeNull();

      // Handed over again from what was stored, it is still the template.
      await db.query(
        `update messaging_service.messages set timestamp = timestamp - interval '1 minute' where id = $1`,
        [message.id],
      );
      await messaging.app.get(OutboundReconciler).run();
      expect(handedFor(message.id).at(-1)?.request.template).toEqual(chosen);
    });

    it('refuses a template the number does not have, the wrong number of values, and other customers', async () => {
      const ownerId = await owner(false);
      const whatsapp = await fromChannel(ownerId, { platform: 'whatsapp', psid: '34600333444' });
      const sendTemplate = (customerId: string, template: unknown, as = ownerId) =>
        refused(send(MESSAGING_SUBJECTS.sendTemplate, as, { customerId, template }));
      expect(await sendTemplate(whatsapp.customerId, { ...chosen, language: 'es' })).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: '"order_update" (es) is not an approved template of this WhatsApp number',
      });
      expect(await sendTemplate(whatsapp.customerId, { ...chosen, parameters: ['María'] })).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'This template takes 2 parameter(s), not 1',
      });
      expect(await sendTemplate(whatsapp.customerId, chosen, await owner(false))).toMatchObject({
        code: ErrorCode.NotFound,
      });
      const messenger = await fromChannel(ownerId, { psid: 'psid-templates' });
      expect(await sendTemplate(messenger.customerId, chosen)).toMatchObject({ code: ErrorCode.Conflict });
      const sim = await simulated(ownerId, 'templates-sim');
      expect(
        await refused(send(MESSAGING_SUBJECTS.listTemplates, ownerId, { customerId: sim.customerId })),
      ).toMatchObject({ code: ErrorCode.Conflict });
      expect((await outgoing(whatsapp.customerId)).map((m) => m.content)).toEqual([]);
    });
  });

  describe('the reconciler', () => {
    it('hands over again a message queued while integrations-service was down', async () => {
      const ownerId = await owner(false);
      const sent = await fromChannel(ownerId, { psid: 'psid-down' });
      await integrations?.drain();
      integrations = undefined;
      const message = await send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, {
        customerId: sent.customerId,
        content: 'Sent while it was down.',
      });
      expect(message.status).toBe('queued');
      expect(handedFor(message.id)).toEqual([]);

      integrations = standInForIntegrations();
      const reconciler = messaging.app.get(OutboundReconciler);
      await reconciler.run();
      expect(handedFor(message.id)).toEqual([]); // not yet: it may still be on its way
      await db.query(
        `update messaging_service.messages set timestamp = timestamp - interval '1 minute' where id = $1`,
        [message.id],
      );
      expect(await reconciler.run()).toBeGreaterThanOrEqual(1);
      expect(handedFor(message.id)).toEqual([
        expect.objectContaining({ ownerId, request: expect.objectContaining({ writtenBy: 'human' }) }),
      ]);
      await send(MESSAGING_SUBJECTS.updateDeliveryStatus, ownerId, {
        messageId: message.id,
        status: 'sent',
        platformMessageId: 'm_late',
      });
      const before = handedFor(message.id).length;
      await reconciler.run();
      expect(handedFor(message.id)).toHaveLength(before);
    });
  });
});
