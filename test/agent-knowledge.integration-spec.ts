import type { KnowledgeItemDto, MessageResponse, StatsResponse } from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import { signedInOwner } from './accounts';
import { switchedOffKnowledge, testAgentAnswer } from './agent-chat';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const HOURS = 'Mon–Fri 9:00–18:00, Sat 10:00–14:00';
const ADDRESS = 'Rua Augusta 100, 1100-053 Lisboa';
const PHONE = '+351 210 000 123';
const EMAIL = 'hello@tidewater.example';

/** What the owner taught, in three languages, with one priority conflict (Low 14 days, High 30 days). */
const KNOWLEDGE: KnowledgeItemDto[] = [
  {
    category: 'policies',
    title: 'Return window',
    content: 'Returns are accepted within 14 days.',
    priority: 1,
  },
  {
    category: 'policies',
    title: 'Returns',
    content: 'Returns are accepted within 30 days of delivery.',
    priority: 4,
  },
  {
    category: 'policies',
    title: 'Shipping to Madeira',
    content: 'We ship to Madeira with CTT Expresso in 3 working days.',
    tags: ['delivery'],
  },
  {
    category: 'faqs',
    title: 'Envíos a Canarias',
    content: 'Enviamos a Canarias con Correos Express en 5 días laborables.',
    tags: ['envíos'],
  },
  {
    category: 'support',
    title: 'الضمان',
    content: 'جميع منتجاتنا مضمونة لمدة سنتين من تاريخ الشراء.',
    priority: 3,
  },
];

/**
 * The agent answers from what the owner taught, on the whole stack and with the local provider: knowledge items
 * (retrieved by PostgreSQL full text) in each language, business facts from the AI configuration, the higher
 * priority of two items that disagree, nothing from an item once it is deleted, and "I don't know" (needsHuman) when
 * nothing answers.
 */
describe('the agent answers from the knowledge base', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ RECONCILE_INTERVAL_MS: '600000' }));
    owner = await signedInOwner(stack.url, smtp, 'owner@tidewater.example');
    const rival = await signedInOwner(stack.url, smtp, 'owner@rival-tidewater.example');
    const saved = await call(`${stack.url}/api/ai-config`, {
      method: 'PUT',
      body: {
        companyName: 'Tidewater Ceramics',
        companyDescription: 'Handmade tableware.',
        responseDelay: 0,
        openingHours: HOURS,
        address: ADDRESS,
        phoneNumber: PHONE,
        email: EMAIL,
      },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);
    for (const item of KNOWLEDGE) {
      expect((await call(`${stack.url}/api/ai/knowledge`, { body: item, cookie: owner.cookie })).status).toBe(
        201,
      );
    }
    // Another owner's item on the same topic, and a switched-off one of ours: neither may ever answer.
    await call(`${stack.url}/api/ai/knowledge`, {
      body: { category: 'policies', title: 'Gift cards', content: 'Rival gift cards never expire.' },
      cookie: rival.cookie,
    });
    await switchedOffKnowledge(stack, owner.cookie, {
      category: 'policies',
      title: 'Gift cards',
      content: 'Our gift cards expire after a year.',
    });
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  function testAgent(message: string): Promise<string> {
    return testAgentAnswer(stack, owner.cookie, message);
  }

  /** Simulates a customer message and waits for the AI reply; answers the thread (reply first). */
  async function replyTo(username: string, content: string): Promise<MessageResponse[]> {
    const sent = await call<{ customerId: string }>(`${stack.url}/api/simulate-message`, {
      body: { platform: 'whatsapp', content, platformUsername: username, senderName: username },
      cookie: owner.cookie,
    });
    expect(sent.status).toBe(201);
    return until('the reply', async () => {
      const thread = await call<MessageResponse[]>(
        `${stack.url}/api/messages?customerId=${sent.body.customerId}`,
        { cookie: owner.cookie },
      );
      return thread.body.some((m) => m.direction === 'outgoing') ? thread.body : undefined;
    });
  }

  describe('answers from a taught item in the customer language (test chat and simulated message)', () => {
    it.each<[string, string, string[]]>([
      ['ana', 'Do you ship to Madeira?', ['We ship to Madeira with CTT Expresso in 3 working days.']],
      ['bea', '¿Hacen envíos a Canarias?', ['Enviamos a Canarias con Correos Express en 5 días laborables.']],
      ['omar', 'هل يوجد ضمان على المنتجات؟', ['جميع منتجاتنا مضمونة لمدة سنتين من تاريخ الشراء.']],
      // The higher priority wins when two items disagree.
      ['dan', 'What is your return policy?', ['within 30 days']],
    ])('%s: %j', async (username, message, facts) => {
      const chat = await testAgent(message);
      const [reply, inbound] = await replyTo(username, message);
      for (const answer of [chat, reply.content]) {
        for (const fact of facts) expect(answer).toContain(fact);
        expect(answer).not.toContain('14 days');
      }
      expect(inbound.needsHuman).toBe(false);
    });
  });

  // Hours are phrased in the customer's language (the day names), the times exactly as configured.
  it.each<[string, string[]]>([
    ['When are you open?', [HOURS]],
    ['¿Cuál es su horario?', ['lunes', 'viernes', '9:00–18:00', 'sábado', '10:00–14:00']],
    ['متى تفتحون؟', ['الاثنين', 'الجمعة', '9:00–18:00', 'السبت', '10:00–14:00']],
    ['Where are you located?', [ADDRESS]],
    ['¿Dónde están?', [ADDRESS]],
  ])('answers %j with the business fact of the AI configuration', async (message, facts) => {
    const answer = await testAgent(message);
    for (const fact of facts) expect(answer).toContain(fact);
  });

  it('no longer answers from an item the owner deleted', async () => {
    const question = 'Do you repair chipped plates?';
    const fact = 'We repair chipped plates with kintsugi for €25.';
    const created = await call<{ id: string }>(`${stack.url}/api/ai/knowledge`, {
      body: { category: 'support', title: 'Repairs', content: fact },
      cookie: owner.cookie,
    });
    expect(created.status).toBe(201);
    expect(await testAgent(question)).toContain(fact);

    const deleted = await call(`${stack.url}/api/ai/knowledge/${created.body.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(deleted.status).toBe(200);
    const after = await testAgent(question);
    expect(after).not.toContain('kintsugi');
    expect(after).toContain("I don't have that information");
  });

  it('says it does not know, offers the contact and marks the message when nothing answers', async () => {
    const before = await call<StatsResponse>(`${stack.url}/api/stats`, { cookie: owner.cookie });
    // The owner kept the default (professional) style: usted in Spanish.
    const cases: [string, string, string][] = [
      ['eve', 'How much does the parcel weigh?', "I don't have that information"],
      ['fer', '¿Tienen algún código de descuento?', 'no dispongo de esa información'],
      ['gul', 'هل يوجد كود خصم؟', 'لا تتوفر لدي هذه المعلومة'],
    ];
    for (const [username, message, dontKnow] of cases) {
      const [reply, inbound] = await replyTo(username, message);
      expect(reply.content).toContain(dontKnow);
      expect(reply.content).toContain(PHONE);
      expect(reply.content).not.toMatch(/expire|Rival/);
      expect(inbound.needsHuman).toBe(true);
      expect(await testAgent(message)).toContain(dontKnow);
    }
    const after = await call<StatsResponse>(`${stack.url}/api/stats`, { cookie: owner.cookie });
    expect(after.body.needsHumanCount).toBe(before.body.needsHumanCount + cases.length);
  });
});
