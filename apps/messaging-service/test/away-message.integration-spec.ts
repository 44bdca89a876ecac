import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  type ConversationResponse,
  type DeliveryRequest,
  ErrorCode,
  type IngestMessageResult,
  INTEGRATIONS_SUBJECTS,
  MESSAGING_SUBJECTS,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { OutboundReconciler } from '../src/outbound/outbound-reconciler';
import { ReplyProcessor } from '../src/replies/reply.processor';
import { MessagingTestKit } from './messaging-test-kit';

const codec = JSONCodec();
const AWAY = 'We are away right now; we will answer you soon.';

interface Packet<T = unknown> {
  id: string;
  data: { actor?: { userId: string }; data: T };
}

interface OutgoingRow {
  id: string;
  status: string;
  ai_generated: boolean;
  content: string;
  metadata: Record<string, unknown> | null;
}

/**
 * At the API-call limit, on messaging-service alone (MessagingTestKit: own database, NATS prefix and Redis
 * prefix).
 * billing-service is stood in for by a NATS responder that counts a call for owners with calls left and
 * refuses with QUOTA_EXCEEDED for owners at the limit, as billing does; integrations-service by one that
 * records each hand-over.
 */
describe('messaging-service at the API-call limit: nothing, or the away message', () => {
  const kit = MessagingTestKit.start('messaging-away-test');
  const { send } = kit;
  /** Owners whose calls are exhausted. */
  const atLimit = new Set<string>();
  /** Every consume billing was asked for, and whether it counted the call. */
  const consumes: { ownerId: string; key: string; counted: boolean }[] = [];
  const handed: { ownerId: string; request: DeliveryRequest }[] = [];

  beforeAll(() => {
    respond(USAGE_SUBJECTS.consume, (packet) => {
      const ownerId = packet.data.actor?.userId ?? '';
      const { key } = packet.data.data as { key: string };
      const counted = !atLimit.has(ownerId);
      consumes.push({ ownerId, key, counted });
      return counted
        ? { response: { used: 1 } }
        : { err: { code: ErrorCode.QuotaExceeded, message: 'API call limit reached' } };
    });
    respond(INTEGRATIONS_SUBJECTS.enqueueDelivery, (packet) => {
      handed.push({ ownerId: packet.data.actor?.userId ?? '', request: packet.data.data as DeliveryRequest });
      return { response: { queued: true } };
    });
  });

  /** A NATS responder on `subject`, answering (or failing) as a Nest service does. */
  function respond(subject: string, answer: (packet: Packet) => object): void {
    kit.nc.subscribe(`${kit.prefix}${subject}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as Packet;
        msg.respond(codec.encode({ id: packet.id, ...answer(packet), isDisposed: true }));
      },
    });
  }

  async function refused(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
    try {
      await promise;
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message };
    }
    throw new Error('the request was not refused');
  }

  async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  /** An owner at the limit whose AI answers at once, with what customers then get. */
  async function ownerAtLimit(reply: { atLimitReply?: string; awayMessage?: string } = {}): Promise<string> {
    const id = randomUUID();
    await send(MESSAGING_SUBJECTS.saveAiConfig, id, {
      companyName: 'Olive & Thread',
      companyDescription: 'Handmade linen clothes, shipped from Valencia.',
      responseDelay: 0,
      ...reply,
    });
    atLimit.add(id);
    return id;
  }

  const simulated = (ownerId: string, username = 'ana', content = 'Hola') =>
    send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
      platform: 'instagram',
      platformUsername: username,
      senderName: 'Ana',
      content,
    });

  const fromChannel = (ownerId: string, psid: string) =>
    send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
      platform: 'facebook',
      platformUsername: psid,
      senderName: 'María García',
      content: 'Do you ship to Seville?',
      platformMessageId: `m_${randomUUID()}`,
      channel: { pageId: '1784523' },
      sentAt: new Date().toISOString(),
    });

  async function outgoing(customerId: string): Promise<OutgoingRow[]> {
    const { rows } = await kit.db.query<OutgoingRow>(
      `select id, status, ai_generated, content, metadata from messaging_service.messages
        where customer_id = $1 and direction = 'outgoing' order by timestamp`,
      [customerId],
    );
    return rows;
  }

  async function statuses(ids: string[]): Promise<string[]> {
    const { rows } = await kit.db.query<{ id: string; status: string }>(
      'select id, status from messaging_service.messages where id = any($1::uuid[])',
      [ids],
    );
    return ids.map((id) => rows.find((r) => r.id === id)?.status ?? 'missing');
  }

  /** Waits until billing was asked for each of these messages' call. */
  const asked = (messageIds: string[]) =>
    until(
      () => consumes.filter((c) => messageIds.some((id) => c.key === `reply:${id}`)).length,
      (n) => n >= messageIds.length,
    );

  const countedFor = (ownerId: string) => consumes.filter((c) => c.ownerId === ownerId && c.counted);

  describe('the AI configuration', () => {
    it('answers nothing by default, and saves the away message trimmed', async () => {
      const ownerId = randomUUID();
      const fresh = await send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, ownerId, {});
      expect(fresh).toMatchObject({ atLimitReply: 'nothing', awayMessage: null });

      const saved = await send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
        companyName: 'Olive',
        companyDescription: 'Linen.',
        atLimitReply: 'away_message',
        awayMessage: `  ${AWAY}  `,
      });
      expect(saved).toMatchObject({ atLimitReply: 'away_message', awayMessage: AWAY });
      expect(await send(MESSAGING_SUBJECTS.getAiConfig, ownerId, {})).toEqual(saved);

      // A later save that leaves both out keeps them.
      const kept = await send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
        companyName: 'Olive',
        companyDescription: 'Linen clothes.',
      });
      expect(kept).toMatchObject({ atLimitReply: 'away_message', awayMessage: AWAY });
    });

    it('refuses the away message without a text, storing nothing', async () => {
      const ownerId = randomUUID();
      const base = { companyName: 'Olive', companyDescription: 'Linen.' };
      for (const body of [
        { ...base, atLimitReply: 'away_message' },
        { ...base, atLimitReply: 'away_message', awayMessage: '   ' },
      ]) {
        expect(await refused(send(MESSAGING_SUBJECTS.saveAiConfig, ownerId, body))).toEqual({
          code: ErrorCode.ValidationFailed,
          message: 'Please write the away message',
        });
      }
      expect(
        await refused(
          send(MESSAGING_SUBJECTS.saveAiConfig, ownerId, { ...base, awayMessage: 'x'.repeat(1001) }),
        ),
      ).toEqual({
        code: ErrorCode.ValidationFailed,
        message: 'Away message must be at most 1000 characters',
      });
      const { rows } = await kit.db.query('select 1 from messaging_service.ai_configs where owner_id = $1', [
        ownerId,
      ]);
      expect(rows).toEqual([]);

      // Chosen with a text: clearing the text alone is refused, and the stored one stays.
      await send(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
        ...base,
        atLimitReply: 'away_message',
        awayMessage: AWAY,
      });
      expect(
        await refused(send(MESSAGING_SUBJECTS.saveAiConfig, ownerId, { ...base, awayMessage: null })),
      ).toEqual({ code: ErrorCode.ValidationFailed, message: 'Please write the away message' });
      expect(await send(MESSAGING_SUBJECTS.getAiConfig, ownerId, {})).toMatchObject({ awayMessage: AWAY });
    });
  });

  it("with 'nothing', keeps the message stored and pending, answering nothing", async () => {
    const ownerId = await ownerAtLimit();
    const sent = await simulated(ownerId);
    await asked([sent.messageId]);
    await settle();
    expect(await statuses([sent.messageId])).toEqual(['pending']);
    expect(await outgoing(sent.customerId)).toEqual([]);
    expect(countedFor(ownerId)).toEqual([]);
  });

  it('sends the away message once per message, using no call', async () => {
    const ownerId = await ownerAtLimit({ atLimitReply: 'away_message', awayMessage: AWAY });
    const sent = await simulated(ownerId, 'lucia');
    const replies = await until(
      () => outgoing(sent.customerId),
      (rows) => rows.length > 0,
    );
    expect(replies).toEqual([
      {
        id: expect.any(String),
        status: 'simulated',
        ai_generated: false,
        content: AWAY,
        metadata: { awayMessage: true, inReplyTo: sent.messageId },
      },
    ]);
    expect(await statuses([sent.messageId])).toEqual(['responded']);
    // The inbox lists it as the conversation's newest message, written by no AI.
    const [conversation] = (
      await kit.page<ConversationResponse>(MESSAGING_SUBJECTS.listConversations, ownerId, {})
    ).items;
    expect(conversation.lastMessage).toEqual({
      id: replies[0].id,
      content: AWAY,
      direction: 'outgoing',
      aiGenerated: false,
    });

    // The job again (a retry, a second worker): the message is answered, nothing more is stored.
    await kit.messaging.app.get(ReplyProcessor).handle({ messageId: sent.messageId, ownerId });
    expect(await outgoing(sent.customerId)).toHaveLength(1);
    expect(countedFor(ownerId)).toEqual([]);
    // Nothing is sent to a simulated customer.
    expect(handed.filter((h) => h.ownerId === ownerId)).toEqual([]);
  });

  it('sends a customer one away message in 24 hours; their other messages stay pending', async () => {
    const ownerId = await ownerAtLimit({ atLimitReply: 'away_message', awayMessage: AWAY });
    const burst = await Promise.all([1, 2, 3, 4, 5].map((n) => simulated(ownerId, 'pablo', `Message ${n}`)));
    const customerId = burst[0].customerId;
    const ids = burst.map((m) => m.messageId);
    await asked(ids);
    await settle();
    expect(await outgoing(customerId)).toHaveLength(1);
    const after = await statuses(ids);
    expect(after.filter((s) => s === 'responded')).toHaveLength(1);
    expect(after.filter((s) => s === 'pending')).toHaveLength(4);

    // Another customer of the same owner gets their own.
    const other = await simulated(ownerId, 'carmen');
    expect(
      await until(
        () => outgoing(other.customerId),
        (rows) => rows.length > 0,
      ),
    ).toHaveLength(1);

    // A day later, the messages that waited beside the first away message still get none ...
    await kit.db.query(
      `update messaging_service.conversations set away_message_at = away_message_at - interval '24 hours 1 minute'
        where customer_id = $1`,
      [customerId],
    );
    await kit.db.query(
      `update messaging_service.messages set timestamp = timestamp - interval '24 hours 1 minute'
        where customer_id = $1`,
      [customerId],
    );
    const waiting = ids.filter((_, i) => after[i] === 'pending');
    for (const messageId of waiting)
      await kit.messaging.app.get(ReplyProcessor).handle({ messageId, ownerId });
    expect(await outgoing(customerId)).toHaveLength(1);
    expect(await statuses(waiting)).toEqual(waiting.map(() => 'pending'));

    // ... and the customer's next message, 24 hours after the first away message, gets the next one.
    const next = await simulated(ownerId, 'pablo', 'Anyone there?');
    expect(
      await until(
        () => outgoing(customerId),
        (rows) => rows.length > 1,
      ),
    ).toHaveLength(2);
    expect(await statuses([next.messageId])).toEqual(['responded']);
    expect(countedFor(ownerId)).toEqual([]);
  });

  it("hands a channel customer's away message over for delivery as written by the AI", async () => {
    const ownerId = await ownerAtLimit({ atLimitReply: 'away_message', awayMessage: AWAY });
    const sent = await fromChannel(ownerId, 'psid-away');
    const [reply] = await until(
      () => outgoing(sent.customerId),
      (rows) => rows.length > 0,
    );
    expect(reply).toMatchObject({ status: 'queued', ai_generated: false, content: AWAY });
    const handedOver = await until(
      () => handed.filter((h) => h.request.messageId === reply.id),
      (h) => h.length > 0,
    );
    expect(handedOver).toEqual([
      {
        ownerId,
        request: {
          messageId: reply.id,
          platform: 'facebook',
          pageId: '1784523',
          recipientId: 'psid-away',
          text: AWAY,
          writtenBy: 'ai',
        },
      },
    ]);

    // Still queued later (the hand-over was lost): the reconciler hands it over again, still as the AI's.
    await kit.db.query(
      `update messaging_service.messages set timestamp = timestamp - interval '1 minute' where id = $1`,
      [reply.id],
    );
    await kit.messaging.app.get(OutboundReconciler).run();
    expect(handed.filter((h) => h.request.messageId === reply.id).map((h) => h.request.writtenBy)).toEqual([
      'ai',
      'ai',
    ]);
    expect(countedFor(ownerId)).toEqual([]);
  });
});
