import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  type IngestMessageResult,
  MESSAGING_SUBJECTS,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { type FakeOpenAiServer, startFakeOpenAiServer, VALID_AGENT_ANSWER } from '@parley/agent/testing';
import { JSONCodec } from 'nats';
import { MessagingTestKit, until } from './messaging-test-kit';

const codec = JSONCodec();
/** A model answer stating no price (the owner has no catalogue, so the claim check would take one out). */
const ANSWER = 'Hello! Happy to help with our linen shirts.';

/**
 * The OpenAI-compatible provider's own 429 through the reply job and the test chat, against the local fake server:
 * a rate limit is retried after its Retry-After and never treated as the owner's API-call limit; the provider
 * account's quota fails at once.
 */
describe("the AI provider's 429, kept apart from the plan's API-call limit", () => {
  let llm: FakeOpenAiServer;
  beforeAll(async () => {
    llm = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await llm?.close();
  });
  const kit = MessagingTestKit.start('provider-rate-limit-test', () => ({
    OPENAI_API_KEY: 'sk-test-key',
    OPENAI_BASE_URL: llm.baseURL,
    OPENAI_MODEL: 'fake-model',
    AGENT_ATTEMPTS: '2',
  }));

  /** billing-service stood in for: records every usage key and counts it (the owner is under the limit). */
  const keys: string[] = [];
  beforeAll(() => {
    kit.nc.subscribe(`${kit.prefix}${USAGE_SUBJECTS.consume}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string; data: { data: { key: string } } };
        keys.push(packet.data.data.key);
        msg.respond(codec.encode({ id: packet.id, response: { used: 1 }, isDisposed: true }));
      },
    });
  });

  let owner: string;
  beforeAll(async () => {
    owner = randomUUID();
    await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, owner, {
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes.',
      responseDelay: 0,
      atLimitReply: 'away_message',
      awayMessage: 'We are away: back soon.',
    });
  });

  const ingest = (content: string) =>
    kit.send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, owner, {
      platform: 'instagram',
      platformUsername: `c${randomUUID().slice(0, 8)}`,
      senderName: 'Alex',
      content,
    });

  async function message(id: string): Promise<{ status: string; failure_reason: string | null }> {
    const { rows } = await kit.db.query<{ status: string; failure_reason: string | null }>(
      'select status, failure_reason from messaging_service.messages where id = $1',
      [id],
    );
    return rows[0];
  }

  const outgoing = async (customerId: string): Promise<string[]> => {
    const { rows } = await kit.db.query<{ content: string }>(
      `select content from messaging_service.messages where customer_id = $1 and direction = 'outgoing'`,
      [customerId],
    );
    return rows.map((row) => row.content);
  };

  it('retries a rate-limited reply after Retry-After and answers, with one usage key for every attempt', async () => {
    llm.enqueue(
      { kind: 'status', status: 429, headers: { 'retry-after-ms': '400' } },
      { kind: 'reply', content: { ...VALID_AGENT_ANSWER, response: ANSWER } },
    );
    const requestsBefore = llm.requests.length;
    const keysBefore = keys.length;

    const sent = await ingest('How much are the linen shirts?');
    await until(() => llm.requests.length >= requestsBefore + 2, 10_000);
    await until(() => keys.length >= keysBefore + 2, 5000);
    const answered = Date.now();
    for (;;) {
      if ((await message(sent.messageId)).status === 'responded') break;
      if (Date.now() - answered > 5000) throw new Error('the message was not answered');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(await outgoing(sent.customerId)).toEqual([ANSWER]); // not the away message
    expect(keys.slice(keysBefore)).toEqual([`reply:${sent.messageId}`, `reply:${sent.messageId}`]);
  });

  it('leaves the message pending for the reconciler when every attempt met the rate limit, never failed', async () => {
    const limited = { kind: 'status', status: 429, headers: { 'retry-after-ms': '100' } } as const;
    llm.enqueue(limited, limited);
    const before = llm.requests.length;

    const sent = await ingest('Do you ship to Malta?');
    await until(() => llm.requests.length >= before + 2, 10_000);
    // Bull's failed event (the last attempt) comes a moment after the answer; marking failed would be quick.
    await new Promise((resolve) => setTimeout(resolve, 800));

    expect(await message(sent.messageId)).toEqual({ status: 'pending', failure_reason: null });
    expect(await outgoing(sent.customerId)).toEqual([]);
    expect(llm.requests.length).toBe(before + 2);
  });

  it("marks the message failed at once on the provider account's used-up quota", async () => {
    llm.enqueue({
      kind: 'status',
      status: 429,
      body: {
        error: {
          message: 'You exceeded your current quota',
          type: 'insufficient_quota',
          code: 'insufficient_quota',
        },
      },
    });
    const before = llm.requests.length;

    const sent = await ingest('Is the blue shirt in stock?');
    const started = Date.now();
    let row = await message(sent.messageId);
    while (row.status === 'pending' && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      row = await message(sent.messageId);
    }

    expect(row.status).toBe('failed');
    expect(row.failure_reason).toMatch(/429/);
    expect(llm.requests.length).toBe(before + 1);
  });

  it('tells the owner in the test chat that the provider is busy, not that their calls ran out', async () => {
    llm.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '3' } });

    await expect(
      kit.send(MESSAGING_SUBJECTS.testAgent, owner, { message: 'Hello?', platform: 'test' }),
    ).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The AI provider is busy right now. Please try again in 3 s.',
    });
  });
});
