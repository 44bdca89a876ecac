import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  INTEGRATIONS_SUBJECTS,
  MESSAGING_SUBJECTS,
  type MessageResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { MessagingTestKit } from './messaging-test-kit';

const codec = JSONCodec();

/** A table's row counters in pg_stat_user_tables. */
interface Counters {
  inserted: number;
  updated: number;
  /** Of `updated`, the heap-only ones: no index was written. */
  heapOnly: number;
}

/**
 * What the hot paths write, read from PostgreSQL's own counters (issue 35 points 1 and 4): an incoming message,
 * the AI's reply and a person's reply never update the customer's row (the conversation's row takes what changes
 * with each message), and a delivery report (delivered, read) of a message is a heap-only update, writing no
 * index of `messages` (docs/performance.md, "Hot rows").
 *
 * The counters are the service's own connections', which PostgreSQL publishes when each goes idle, at most once
 * a second and otherwise within about ten seconds (pg_stat_force_next_flush() only reaches the connection that
 * calls it). So each step waits until the counters have caught up with what it knows happened: all the messages
 * stored (each message is stored in the same transaction as the conversation and customer writes of its path),
 * or the number of delivery reports applied.
 */
describe('hot rows: what the ingest, reply and delivery paths write', () => {
  const kit = MessagingTestKit.start('hot-rows-test');

  beforeAll(() => {
    // billing-service counts the AI's call; integrations-service takes the replies to deliver.
    standIn(USAGE_SUBJECTS.consume, { used: 1 });
    standIn(INTEGRATIONS_SUBJECTS.enqueueDelivery, { queued: true });
  });

  function standIn(subject: string, response: unknown): void {
    kit.nc.subscribe(`${kit.prefix}${subject}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string };
        msg.respond(codec.encode({ id: packet.id, response, isDisposed: true }));
      },
    });
  }

  async function counters(table: string): Promise<Counters> {
    // A fresh read: within a transaction PostgreSQL keeps serving the first one it took.
    await kit.db.query('select pg_stat_clear_snapshot()');
    const { rows } = await kit.db.query<{ ins: string; upd: string; hot: string }>(
      `select n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
        where schemaname = 'messaging_service' and relname = $1`,
      [table],
    );
    return { inserted: Number(rows[0].ins), updated: Number(rows[0].upd), heapOnly: Number(rows[0].hot) };
  }

  async function waitFor(what: string, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Every stored message counted: the transactions that stored them, and their other writes, are published. */
  async function published(): Promise<void> {
    await waitFor('the statistics of every stored message', async () => {
      const { rows } = await kit.db.query<{ n: number }>(
        'select count(*)::int as n from messaging_service.messages',
      );
      return (await counters('messages')).inserted === rows[0].n;
    });
  }

  async function messagesOf(
    customerId: string,
  ): Promise<{ id: string; direction: string; status: string }[]> {
    const { rows } = await kit.db.query<{ id: string; direction: string; status: string }>(
      `select id, direction, status from messaging_service.messages where customer_id = $1 order by timestamp, id`,
      [customerId],
    );
    return rows;
  }

  /** A message from María through the owner's connected Messenger page. */
  const fromPage = (ownerId: string) =>
    kit.ingest(ownerId, {
      platform: 'facebook',
      platformUsername: '24871093',
      senderName: 'María García',
      content: 'Hola',
      platformMessageId: `m_${randomUUID()}`,
      channel: { pageId: '1784523' },
    });

  it("never updates the customer's row on ingest or reply: the conversation's row takes it", async () => {
    const ownerId = randomUUID();
    await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
      companyName: 'Olive & Thread',
      companyDescription: 'Handmade linen clothes, shipped from Valencia.',
      responseDelay: 0,
    });
    const answered = (customerId: string, replies: number) =>
      waitFor(`${replies} AI replies`, async () => {
        const rows = await messagesOf(customerId);
        return rows.filter((m) => m.direction === 'outgoing').length === replies;
      });

    // The customer's first message adds them; the AI answers it (a greeting: their stage and interest stay).
    const first = await fromPage(ownerId);
    expect(first.stored).toBe(true);
    await answered(first.customerId, 1);
    await published();
    const customersBefore = await counters('customers');
    const conversationsBefore = await counters('conversations');

    // Their next message, the AI's reply to it, and a person's reply.
    await fromPage(ownerId);
    await answered(first.customerId, 2);
    await kit.send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, {
      customerId: first.customerId,
      content: 'Sam here: yes, we ship to Seville.',
    });
    await published();
    expect((await counters('customers')).updated).toBe(customersBefore.updated);
    expect((await counters('conversations')).updated).toBe(conversationsBefore.updated + 3);
  }, 120_000);

  it('keeps delivered and read reports heap-only: no index of `messages` is written', async () => {
    const ownerId = await kit.quietOwner();
    const sent = await fromPage(ownerId);
    const reply = await kit.send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, {
      customerId: sent.customerId,
      content: 'On its way.',
    });
    expect(reply.status).toBe('queued');
    const report = (status: string, platformMessageId?: string) =>
      kit.send<{ updated: boolean }>(MESSAGING_SUBJECTS.updateDeliveryStatus, ownerId, {
        messageId: reply.id,
        status,
        ...(platformMessageId ? { platformMessageId } : {}),
      });
    const reported = (updates: number, since: Counters) =>
      waitFor(
        `${updates} delivery reports`,
        async () => (await counters('messages')).updated === since.updated + updates,
      );

    // The first report ends the wait for delivery and brings the platform id (in the unique index): it may
    // write index entries. Delivered and read change only the status.
    await published();
    const beforeSent = await counters('messages');
    expect(await report('sent', `m_${randomUUID()}`)).toEqual({ updated: true });
    await reported(1, beforeSent);
    const beforeDelivered = await counters('messages');
    expect(await report('delivered')).toEqual({ updated: true });
    expect(await report('read')).toEqual({ updated: true });
    await reported(2, beforeDelivered);
    expect((await counters('messages')).heapOnly - beforeDelivered.heapOnly).toBe(2);
  }, 120_000);

  it('indexes the conversations with btree only: an ingest or a reply writes no search index', async () => {
    const { rows } = await kit.db.query<{ method: string }>(
      `select distinct am.amname as method from pg_index i
         join pg_class ix on ix.oid = i.indexrelid join pg_am am on am.oid = ix.relam
        where i.indrelid = 'messaging_service.conversations'::regclass`,
    );
    expect(rows).toEqual([{ method: 'btree' }]);
  });
});
