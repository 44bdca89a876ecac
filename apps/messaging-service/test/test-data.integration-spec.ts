import { randomUUID } from 'node:crypto';
import {
  type ConversationResponse,
  type CustomerResponse,
  type DeliveryRequest,
  type IngestMessageResult,
  INTEGRATIONS_SUBJECTS,
  type LeadResponse,
  type MessageResponse,
  MESSAGING_SUBJECTS,
  type StatsResponse,
  type TestDataDeletedResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { MessagingTestKit } from './messaging-test-kit';

const codec = JSONCodec();

interface Packet {
  id: string;
  data: { actor?: { userId: string }; data: unknown };
}

/**
 * Test data (docs/inbox.md, "Test data"): what the simulator makes is marked, its replies go nowhere, lists
 * and stats can leave it out, and the owner deletes exactly it. A simulated message is an ingest without a
 * channel (the gateway's POST /api/simulate-message); a channel's message names the page it came through.
 */
describe('test data', () => {
  const kit = MessagingTestKit.start('messaging-test-data-test');
  /** Every hand-over to integrations-service's delivery queue. */
  const handed: { ownerId: string; request: DeliveryRequest }[] = [];

  beforeAll(() => {
    const respond = (subject: string, answer: (packet: Packet) => unknown) =>
      kit.nc.subscribe(`${kit.prefix}${subject}`, {
        queue: 'stand-in',
        callback: (_error, msg) => {
          const packet = codec.decode(msg.data) as Packet;
          msg.respond(codec.encode({ id: packet.id, response: answer(packet), isDisposed: true }));
        },
      });
    respond(USAGE_SUBJECTS.consume, () => ({ used: 1 }));
    respond(INTEGRATIONS_SUBJECTS.enqueueDelivery, (packet) => {
      handed.push({ ownerId: packet.data.actor?.userId ?? '', request: packet.data.data as DeliveryRequest });
      return { queued: true };
    });
  });

  /** An owner whose AI answers at once. */
  async function answeringOwner(): Promise<string> {
    const owner = randomUUID();
    await kit.send(MESSAGING_SUBJECTS.saveAiConfig, owner, {
      companyName: 'Olive & Thread',
      companyDescription: 'Handmade linen clothes, shipped from Valencia.',
      autoRespond: true,
      responseDelay: 0,
    });
    return owner;
  }

  /** A message from a customer who wrote through a connected Facebook page: a real customer. */
  const fromChannel = (owner: string, platformUsername: string, content = 'Hello from Facebook') =>
    kit.send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, owner, {
      platform: 'facebook',
      platformUsername,
      senderName: 'Real Rita',
      content,
      platformMessageId: `m_${randomUUID()}`,
      channel: { pageId: 'page-1' },
    });

  const thread = async (owner: string, customerId: string) =>
    (await kit.page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, { customerId })).items;

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('marks a simulated customer, their messages and lead as test; the replies are `simulated` and reach no delivery queue', async () => {
    const owner = await answeringOwner();
    const sent = await kit.ingest(owner, { content: 'Hello, do you have linen shirts?' });

    const customer = await kit.send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, {
      id: sent.customerId,
    });
    expect(customer).toMatchObject({ isTest: true, reachable: false });

    // The AI's reply: stored, marked, and said to have gone nowhere.
    const answered = await waitFor(
      () => thread(owner, sent.customerId),
      (messages) => messages.length === 2,
    );
    const incoming = answered.find((m) => m.direction === 'incoming');
    const reply = answered.find((m) => m.direction === 'outgoing');
    expect(incoming).toMatchObject({ id: sent.messageId, status: 'responded', isTest: true });
    expect(reply).toMatchObject({ aiGenerated: true, status: 'simulated', isTest: true });

    // A person's reply from the inbox: the same.
    const manual = await kit.send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, owner, {
      customerId: sent.customerId,
      content: 'We do, in six colours.',
    });
    expect(manual).toMatchObject({ status: 'simulated', isTest: true, aiGenerated: false });
    const { rows } = await kit.db.query(
      `select status, is_test from messaging_service.messages where customer_id = $1 and direction = 'outgoing'`,
      [sent.customerId],
    );
    expect(rows).toEqual([
      { status: 'simulated', is_test: true },
      { status: 'simulated', is_test: true },
    ]);

    // The owner moves them on: the lead they get is test data too.
    await kit.send(MESSAGING_SUBJECTS.updateCustomer, owner, {
      id: sent.customerId,
      changes: { stage: 'qualified' },
    });
    const leads = await kit.send<LeadResponse[]>(MESSAGING_SUBJECTS.listCustomerLeads, owner, {
      customerId: sent.customerId,
    });
    expect(leads).toEqual([expect.objectContaining({ customerId: sent.customerId, isTest: true })]);

    const conversation = await kit.send<ConversationResponse>(MESSAGING_SUBJECTS.getConversation, owner, {
      customerId: sent.customerId,
    });
    expect(conversation.isTest).toBe(true);

    // Nothing was handed to a channel's delivery queue for this owner.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handed.filter((h) => h.ownerId === owner)).toEqual([]);
  }, 30_000);

  it('keeps a real customer real: their replies are still delivered, and their messages carry no test mark', async () => {
    const owner = await answeringOwner();
    const real = await fromChannel(owner, '24871093');
    const answered = await waitFor(
      () => thread(owner, real.customerId),
      (messages) => messages.length === 2,
    );
    expect(answered.map((m) => [m.direction, m.status, m.isTest])).toEqual([
      ['outgoing', 'queued', false],
      ['incoming', 'responded', false],
    ]);
    const customer = await kit.send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, {
      id: real.customerId,
    });
    expect(customer).toMatchObject({ isTest: false, reachable: true });
    await waitFor(
      async () => handed.filter((h) => h.ownerId === owner),
      (h) => h.length === 1,
    );
    expect(handed.filter((h) => h.ownerId === owner).map((h) => h.request.recipientId)).toEqual(['24871093']);
  }, 30_000);

  it("never attaches the simulator to a real customer of the same username, nor a channel's message to a test one", async () => {
    const owner = await kit.quietOwner();
    const real = await fromChannel(owner, '24871093');
    const simulated = await kit.ingest(owner, {
      platform: 'facebook',
      platformUsername: '24871093',
      senderName: 'Tester',
      content: 'A simulated hello',
    });
    expect(simulated.customerId).not.toBe(real.customerId);

    const again = await fromChannel(owner, '24871093', 'Rita again');
    expect(again.customerId).toBe(real.customerId);
    const simulatedAgain = await kit.ingest(owner, {
      platform: 'facebook',
      platformUsername: '24871093',
      senderName: 'Tester',
      content: 'Another simulated hello',
    });
    expect(simulatedAgain.customerId).toBe(simulated.customerId);

    const { rows } = await kit.db.query(
      `select c.id, c.is_test, c.page_id, c.name, array_agg(m.content order by m.timestamp) as contents
         from messaging_service.customers c join messaging_service.messages m on m.customer_id = c.id
        where c.owner_id = $1 group by c.id order by c.is_test`,
      [owner],
    );
    expect(rows).toEqual([
      {
        id: real.customerId,
        is_test: false,
        page_id: 'page-1',
        name: 'Real Rita',
        contents: ['Hello from Facebook', 'Rita again'],
      },
      {
        id: simulated.customerId,
        is_test: true,
        page_id: null,
        name: 'Tester',
        contents: ['A simulated hello', 'Another simulated hello'],
      },
    ]);
  });

  it('lists and stats include test data by default and leave it out with includeTest=false', async () => {
    const owner = await kit.quietOwner();
    const real = await fromChannel(owner, '5550001');
    const test = await kit.ingest(owner, { platformUsername: 'tester.one', senderName: 'Tester One' });
    await kit.send(MESSAGING_SUBJECTS.updateCustomer, owner, {
      id: test.customerId,
      changes: { stage: 'qualified' },
    });

    const ids = async (subject: string, query: Record<string, string>, id: (item: never) => string) =>
      (await kit.page<never>(subject, owner, query)).items.map(id).sort();
    const messageIds = (query: Record<string, string>) =>
      ids(MESSAGING_SUBJECTS.listMessages, query, (m: MessageResponse) => m.id);
    const customerIds = (query: Record<string, string>) =>
      ids(MESSAGING_SUBJECTS.listCustomers, query, (c: CustomerResponse) => c.id);
    const conversationIds = (query: Record<string, string>) =>
      ids(MESSAGING_SUBJECTS.listConversations, query, (c: ConversationResponse) => c.customerId);

    expect(await messageIds({})).toEqual([real.messageId, test.messageId].sort());
    expect(await messageIds({ includeTest: 'true' })).toEqual([real.messageId, test.messageId].sort());
    expect(await messageIds({ includeTest: 'false' })).toEqual([real.messageId]);
    expect(await customerIds({})).toEqual([real.customerId, test.customerId].sort());
    expect(await customerIds({ includeTest: 'false' })).toEqual([real.customerId]);
    expect(await conversationIds({})).toEqual([real.customerId, test.customerId].sort());
    expect(await conversationIds({ includeTest: 'false' })).toEqual([real.customerId]);

    const all = await kit.send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {});
    expect(all).toMatchObject({ totalMessages: 2, newLeads: 1, conversionRate: 0 });
    const realOnly = await kit.send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {
      includeTest: 'false',
    });
    expect(realOnly).toMatchObject({ totalMessages: 1, newLeads: 0, conversionRate: 0 });

    await expect(
      kit.send(MESSAGING_SUBJECTS.getStats, owner, { includeTest: 'maybe' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(
      kit.page(MESSAGING_SUBJECTS.listCustomers, owner, { includeTest: 'maybe' }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("deletes exactly the owner's test customers, their messages and leads, in one action", async () => {
    const owner = await kit.quietOwner();
    const other = await kit.quietOwner();
    const real = await fromChannel(owner, '5550002');
    await fromChannel(owner, '5550002', 'Still there?');
    await kit.send(MESSAGING_SUBJECTS.updateCustomer, owner, {
      id: real.customerId,
      changes: { stage: 'qualified' },
    });
    const added = await kit.send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
      name: 'Walk-in Wanda',
      platform: 'instagram',
      platformUsername: 'wanda',
    });
    const first = await kit.ingest(owner, { platformUsername: 'tester.a', senderName: 'Tester A' });
    await kit.ingest(owner, { platformUsername: 'tester.a', senderName: 'Tester A', content: 'Again' });
    await kit.send(MESSAGING_SUBJECTS.replyToCustomer, owner, {
      customerId: first.customerId,
      content: 'Hi!',
    });
    await kit.send(MESSAGING_SUBJECTS.updateCustomer, owner, {
      id: first.customerId,
      changes: { stage: 'interested' },
    });
    await kit.ingest(owner, { platformUsername: 'tester.b', senderName: 'Tester B' });
    const othersTest = await kit.ingest(other, { platformUsername: 'tester.a', senderName: 'Tester A' });
    await kit.send(MESSAGING_SUBJECTS.updateCustomer, other, {
      id: othersTest.customerId,
      changes: { stage: 'interested' },
    });

    const rowsOf = async (ownerId: string) => {
      const { rows } = await kit.db.query(
        `select (select array_agg(id order by id) from messaging_service.customers where owner_id = $1) as customers,
                (select array_agg(id order by id) from messaging_service.messages where owner_id = $1) as messages,
                (select array_agg(id order by id) from messaging_service.leads where owner_id = $1) as leads`,
        [ownerId],
      );
      return rows[0] as { customers: string[]; messages: string[] | null; leads: string[] | null };
    };
    const realRows = async () => {
      const { rows } = await kit.db.query(
        `select (select array_agg(id order by id) from messaging_service.customers where owner_id = $1 and id = any($2)) as customers,
                (select array_agg(id order by id) from messaging_service.messages where owner_id = $1 and customer_id = any($2)) as messages,
                (select array_agg(id order by id) from messaging_service.leads where owner_id = $1 and customer_id = any($2)) as leads`,
        [owner, [real.customerId, added.id]],
      );
      return rows[0] as unknown;
    };
    const realBefore = await realRows();
    const otherBefore = await rowsOf(other);

    const deleted = await kit.send<TestDataDeletedResponse>(MESSAGING_SUBJECTS.deleteTestData, owner, {});
    // Two test customers; three messages in, one reply out; one lead.
    expect(deleted).toEqual({ customers: 2, messages: 4, leads: 1 });

    expect(await realRows()).toEqual(realBefore);
    const after = await rowsOf(owner);
    expect(after.customers.sort()).toEqual([real.customerId, added.id].sort());
    expect(after.messages).toHaveLength(2);
    expect(after.leads).toHaveLength(1);
    expect(await rowsOf(other)).toEqual(otherBefore);

    // Nothing is left to delete; another owner's test data is still theirs to delete.
    expect(await kit.send(MESSAGING_SUBJECTS.deleteTestData, owner, {})).toEqual({
      customers: 0,
      messages: 0,
      leads: 0,
    });
    expect(await kit.send(MESSAGING_SUBJECTS.deleteTestData, other, {})).toEqual({
      customers: 1,
      messages: 1,
      leads: 1,
    });
  });
});
