import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  MESSAGING_SUBJECTS,
  type TestAgentResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { PHRASEBOOKS } from '@parley/agent';
import { type FakeOpenAiServer, startFakeOpenAiServer, VALID_AGENT_ANSWER } from '@parley/agent/testing';
import phrasings from './fixtures/private-note-phrasings.json';
import { MessagingTestKit } from './messaging-test-kit';

const codec = JSONCodec();

interface ReplyRow {
  content: string;
  metadata: { needsHuman?: boolean; privateNoteCheck?: unknown } | null;
}

/** billing-service stood in for by a NATS responder that counts every call (as billing does under the limit). */
function countCalls(kit: MessagingTestKit): void {
  beforeAll(() => {
    kit.nc.subscribe(`${kit.prefix}${USAGE_SUBJECTS.consume}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string };
        msg.respond(codec.encode({ id: packet.id, response: { used: 1 }, isDisposed: true }));
      },
    });
  });
}

async function owner(kit: MessagingTestKit, settings: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, id, {
    companyName: 'Test Business',
    responseDelay: 0,
    ...settings,
  });
  return id;
}

/** The AI's reply to a customer's message, through the reply job. */
function replyTo(kit: MessagingTestKit, ownerId: string, content: string): Promise<ReplyRow> {
  return kit.replyTo<NonNullable<ReplyRow['metadata']>>(ownerId, content);
}

/** The test chat's answer to the owner's message. */
async function chat(kit: MessagingTestKit, ownerId: string, message: string): Promise<string> {
  const answer = await kit.send<TestAgentResponse>(MESSAGING_SUBJECTS.testAgent, ownerId, {
    message,
    platform: 'test',
  });
  return answer.response;
}

/** The local agent's "I don't know" (local/phrases), in each language. */
const DONT_KNOW = [
  PHRASEBOOKS.en.dontKnow('professional'),
  PHRASEBOOKS.es.dontKnow('professional'),
  PHRASEBOOKS.ar.dontKnow('professional'),
];

const has = (text: string, piece: string) => text.toLowerCase().includes(piece.toLowerCase());

/**
 * The owner's private notes with the local agent, on messaging-service alone. The phrasings are a held-out set
 * written by a colleague who had not seen the detector (test/fixtures/private-note-phrasings.json, copied
 * verbatim): descriptions hiding a secret in many ways in English, Spanish and Arabic, and public descriptions whose
 * facts look private but are meant for customers.
 */
describe('private notes in the company description (held-out phrasings, local agent)', () => {
  const kit = MessagingTestKit.start('private-notes-test');
  countCalls(kit);

  it.each(phrasings.private.map((c) => [c.id, c] as const))(
    '%s: the secret is never said, in a reply or the test chat, and the public fact is kept',
    async (_id, c) => {
      const id = await owner(kit, { companyDescription: c.description });
      const reply = await replyTo(kit, id, c.question);
      expect(has(reply.content, c.secret)).toBe(false);
      expect(has(await chat(kit, id, c.question), c.secret)).toBe(false);
      // The owner sees the sentence holding the secret among those treated as private.
      const config = await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, id, {});
      expect(config.privateSentences.some((sentence) => has(sentence, c.secret))).toBe(true);
    },
  );

  it.each(phrasings.public.map((c) => [c.id, c] as const))(
    '%s: a fact meant for customers stays public and is given (or the agent says it does not know)',
    async (_id, c) => {
      const id = await owner(kit, { companyDescription: c.description });
      const config = await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, id, {});
      expect(config.privateSentences.filter((sentence) => has(sentence, c.fact))).toEqual([]);
      const answer = await chat(kit, id, c.question);
      // The local agent quotes the description sentence sharing most words with the question; when none does, it
      // says it does not know (3 of the 15 held-out questions), but never because the fact was taken for a note.
      expect(has(answer, c.fact) || DONT_KNOW.some((sentence) => answer.includes(sentence))).toBe(true);
    },
  );

  it('never says what is in the private-notes field, and hands over a reply that would', async () => {
    const id = await owner(kit, {
      companyDescription: 'Kettle & Co sells kettles in Leeds. Our staff are friendly.',
      privateNotes: 'Staff discount code KTL-7781. Supplier contact: ana@supplier.example.',
    });
    const config = await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, id, {});
    expect(config.privateNotes).toBe('Staff discount code KTL-7781. Supplier contact: ana@supplier.example.');
    expect(config.privateSentences).toEqual([]);
    const reply = await replyTo(kit, id, 'Do you have a staff discount code? KTL?');
    expect(has(reply.content, 'KTL-7781')).toBe(false);

    // A knowledge item repeating a private note: the reply that would quote it is replaced by the hand-off.
    await kit.send(MESSAGING_SUBJECTS.createKnowledge, id, {
      category: 'policies',
      title: 'Staff discount',
      content: 'Staff get 20% off with the staff discount code KTL-7781 at the till.',
    });
    const handedOver = await replyTo(kit, id, 'What is the staff discount code?');
    expect(has(handedOver.content, 'KTL-7781')).toBe(false);
    expect(handedOver.content).toBe('A member of our team will get back to you shortly.');
    expect(handedOver.metadata).toMatchObject({ needsHuman: true, privateNoteCheck: { withheld: true } });
    expect(await chat(kit, id, 'What is the staff discount code?')).toBe(
      'A member of our team will get back to you shortly.',
    );
  });

  it('refuses private notes longer than the description may be, and clears them with null', async () => {
    const id = await owner(kit, { companyDescription: 'Kettles.', privateNotes: 'Code K1-22.' });
    await expect(
      kit.send(MESSAGING_SUBJECTS.saveAiConfig, id, {
        companyName: 'K',
        companyDescription: 'Kettles.',
        privateNotes: 'x'.repeat(5001),
      }),
    ).rejects.toMatchObject({ message: 'Private notes must be at most 5000 characters' });
    const kept = await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, id, {});
    expect(kept.privateNotes).toBe('Code K1-22.');
    const cleared = await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, id, {
      companyName: 'K',
      companyDescription: 'Kettles.',
      privateNotes: null,
    });
    expect(cleared.privateNotes).toBeNull();
  });
});

/** The private notes with the OpenAI-compatible provider, against the local fake server. */
describe('private notes never reach the OpenAI provider', () => {
  let llm: FakeOpenAiServer;
  beforeAll(async () => {
    llm = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await llm?.close();
  });
  const kit = MessagingTestKit.start('private-notes-openai-test', () => ({
    OPENAI_API_KEY: 'sk-test-key',
    OPENAI_BASE_URL: llm.baseURL,
    OPENAI_MODEL: 'fake-model',
    AGENT_ATTEMPTS: '1',
  }));
  countCalls(kit);

  it('sends neither the field nor the description notes, and hands over a model answer that says one', async () => {
    const id = await owner(kit, {
      companyDescription:
        'Kettle & Co sells kettles in Leeds. Never mention the staff discount code BREW-4410 to anyone. We ship UK-wide.',
      privateNotes: 'Wholesale price from Acme is 12.40 per kettle; owner mobile 07700 900123.',
    });
    const before = llm.requests.length;
    llm.enqueue({
      kind: 'reply',
      content: { ...VALID_AGENT_ANSWER, response: 'Sure! Use BREW-4410 at checkout.' },
    });
    const reply = await replyTo(kit, id, 'Any discount code?');
    const sent = JSON.stringify(llm.requests.slice(before).map((request) => request.body));
    expect(sent).toContain('We ship UK-wide.');
    for (const secret of ['BREW-4410', 'staff discount code', 'Acme', '12.40', '07700 900123']) {
      expect(sent).not.toContain(secret);
    }
    expect(reply.content).toBe('A member of our team will get back to you shortly.');
    expect(reply.metadata).toMatchObject({ needsHuman: true, privateNoteCheck: { withheld: true } });

    llm.enqueue({
      kind: 'reply',
      content: { ...VALID_AGENT_ANSWER, response: 'Call the owner on 07700900123.' },
    });
    expect(await chat(kit, id, 'Owner phone?')).toBe('A member of our team will get back to you shortly.');
  });
});
