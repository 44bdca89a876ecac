import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  type IngestMessageResult,
  MESSAGING_SUBJECTS,
  type MessageResponse,
  type TestAgentResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { MessagingTestKit } from './messaging-test-kit';

const codec = JSONCodec();

interface Row {
  id: string;
  direction: string;
  status: string;
  needs_human: boolean;
  content: string;
  metadata: { needsHuman?: boolean; needsHumanReason?: string } | null;
}

/**
 * A customer asking for a person, or a question the agent cannot answer, hands the conversation to the team: the
 * reply says so in the customer's language, the inbound message needs a person (with the reason in the reply's
 * metadata), and the AI answers nothing more in that conversation until a person on the team has replied; a message
 * arriving meanwhile stays unanswered and marked for the team.
 */
describe('hand-off to a person (local agent)', () => {
  const kit = MessagingTestKit.start('hand-off-test');

  beforeAll(() => {
    kit.nc.subscribe(`${kit.prefix}${USAGE_SUBJECTS.consume}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string };
        msg.respond(codec.encode({ id: packet.id, response: { used: 1 }, isDisposed: true }));
      },
    });
  });

  async function owner(): Promise<string> {
    const id = randomUUID();
    await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, id, {
      companyName: 'Oven Lane Bakery',
      companyDescription: 'A neighbourhood bakery.',
      phoneNumber: '+44 20 7946 0018',
      responseDelay: 0,
    });
    return id;
  }

  const write = (ownerId: string, platformUsername: string, content: string) =>
    kit.send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
      platform: 'instagram',
      platformUsername,
      senderName: 'Alex',
      content,
    });

  async function rows(ownerId: string, customerId: string): Promise<Row[]> {
    const { rows } = await kit.db.query<Row>(
      `select id, direction, status, needs_human, content, metadata from messaging_service.messages
        where owner_id = $1 and customer_id = $2 order by timestamp, direction`,
      [ownerId, customerId],
    );
    return rows;
  }

  async function replyTo(ownerId: string, sent: IngestMessageResult): Promise<Row> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const reply = (await rows(ownerId, sent.customerId)).find(
        (row) => row.direction === 'outgoing' && row.metadata !== null,
      );
      if (reply) return reply;
      if (Date.now() > deadline) throw new Error('no reply');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it.each([
    ['I want to talk to a real person', 'a person will reply'],
    ['¿puedo hablar con alguien?', 'una persona le responderá'],
    ['أريد التحدث مع موظف', 'وسيرد عليك أحد الموظفين'],
  ])('%j: handed to the team, and the next message waits for a person', async (message, handOff) => {
    const ownerId = await owner();
    const username = `c${randomUUID().slice(0, 8)}`;
    const sent = await write(ownerId, username, message);
    const reply = await replyTo(ownerId, sent);
    expect(reply.content).toContain(handOff);
    expect(reply.metadata).toMatchObject({ needsHuman: true, needsHumanReason: 'asked_for_person' });
    const inbound = (await rows(ownerId, sent.customerId)).find((row) => row.id === sent.messageId);
    expect(inbound?.needs_human).toBe(true);

    // Meanwhile the customer writes again: not answered by the AI, kept for the team.
    const next = await write(ownerId, username, 'Hello? How much is a loaf?');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await rows(ownerId, sent.customerId);
    expect(after.filter((row) => row.direction === 'outgoing')).toHaveLength(1);
    expect(after.find((row) => row.id === next.messageId)).toMatchObject({ status: 'pending', needs_human: true });

    // A person replies: the conversation no longer waits for one.
    await kit.send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, ownerId, {
      customerId: sent.customerId,
      content: 'Hi, Sam here. A loaf is 4.80.',
    });
    const { rows: customer } = await kit.db.query<{ needs_human: boolean }>(
      'select needs_human from messaging_service.conversations where customer_id = $1',
      [sent.customerId],
    );
    expect(customer[0].needs_human).toBe(false);
  });

  it('an unanswerable question is handed over with its reason; the test chat hands over a request for a person', async () => {
    const ownerId = await owner();
    const sent = await write(ownerId, `c${randomUUID().slice(0, 8)}`, 'Do you have parking for customers?');
    const reply = await replyTo(ownerId, sent);
    expect(reply.content).toContain('+44 20 7946 0018');
    expect(reply.metadata).toMatchObject({ needsHuman: true, needsHumanReason: 'unknown' });

    const chat = await kit.send<TestAgentResponse>(MESSAGING_SUBJECTS.testAgent, ownerId, {
      message: '¿puedo hablar con alguien?',
      platform: 'test',
    });
    expect(chat.response).toContain('una persona le responderá');
  });
});
