import {
  type CreateProductDto,
  formatMoney,
  type Language,
  type MessageResponse,
  type TestAgentResponse,
} from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { aiReplyTo, createProduct as seedProduct } from './agent-chat';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/** Near-duplicate names, out-of-stock products, Spanish and Arabic names, and a Latin name asked for in Arabic. */
const CATALOGUE: CreateProductDto[] = [
  { name: 'Aero 5 Kettle', description: 'Gooseneck kettle, 1 litre.', price: 49, category: 'Kettles' },
  {
    name: 'Aero 5 Kettle Pro',
    description: 'Gooseneck kettle with temperature control.',
    price: 79,
    category: 'Kettles',
    inStock: false,
  },
  { name: 'Tetera Clásica', description: 'Tetera de acero.', price: 35, category: 'Teteras' },
  {
    name: 'Tetera Clásica XL',
    description: 'Tetera grande.',
    price: 45,
    category: 'Teteras',
    inStock: false,
  },
  { name: 'غلاية ستيل', description: 'غلاية من الستانلس ستيل.', price: 60, category: 'غلايات' },
  {
    name: 'غلاية ستيل برو',
    description: 'غلاية بتحكم في الحرارة.',
    price: 95,
    category: 'غلايات',
    inStock: false,
  },
  // A Latin name a customer may write in Arabic letters ("تامبر", docs/agent.md: found by its sound).
  { name: 'Espresso Tamper', description: 'Steel tamper, 58 mm.', price: 25, category: 'Kettles' },
];

/** A price in US dollars as a reply in `language` writes it. */
const usd = (amount: number, language: Language) => formatMoney(amount, 'USD', language);

/** How long a reply may take here, catalogue or not (responseDelay 0, the local agent). */
const USUAL_REPLY_MS = 3000;

/**
 * The agent answers from the owner's catalogue, through catalogue-service's search, on the whole stack: AI replies
 * to simulated messages and the test chat, each with the exact price and stock of the product named, never a
 * near-duplicate's or another owner's; and with catalogue-service down, replies still go out in the usual time.
 */
describe('the agent sells from the catalogue', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    // A long search timeout: a stopped catalogue-service must be noticed at once (no responder), not waited for.
    ({ infra, smtp, stack } = await startSystemStack({
      CATALOGUE_TIMEOUT_MS: '10000',
      RECONCILE_INTERVAL_MS: '600000',
    }));
    owner = await signedInOwner(stack.url, smtp, 'owner@brewlab.example');
    const other = await signedInOwner(stack.url, smtp, 'owner@rival.example');
    await call(`${stack.url}/api/ai-config`, {
      method: 'PUT',
      body: { companyName: 'Brew Lab', companyDescription: 'Coffee and tea gear.', responseDelay: 0 },
      cookie: owner.cookie,
    });
    for (const product of CATALOGUE) await createProduct(owner.id, product);
    await createProduct(other.id, { ...CATALOGUE[0], price: 10 });
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  function createProduct(ownerId: string, product: CreateProductDto): Promise<unknown> {
    return seedProduct(stack, ownerId, product);
  }

  /** Simulates a customer message and waits for the AI reply; `ms` is how long that took. */
  async function replyTo(username: string, content: string): Promise<{ reply: MessageResponse; ms: number }> {
    const started = Date.now();
    const reply = await aiReplyTo(stack, owner.cookie, { platform: 'instagram', username, content });
    return { reply, ms: Date.now() - started };
  }

  async function testAgent(message: string): Promise<{ body: TestAgentResponse; ms: number }> {
    const started = Date.now();
    const res = await call<TestAgentResponse>(`${stack.url}/api/ai/test-agent`, {
      body: { message, platform: 'test' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    return { body: res.body, ms: Date.now() - started };
  }

  describe('replies to customers with the exact price and stock of the product named', () => {
    it.each<[string, string, string[], string[]]>([
      [
        'ana',
        'How much is the Aero 5 Kettle?',
        ['Aero 5 Kettle costs $49.00 and is in stock.'],
        ['$79.00', '$10.00'],
      ],
      ['ben', 'Is the Aero 5 Kettle Pro available?', ['$79.00', 'currently out of stock'], ['$49.00']],
      [
        'carla',
        '¿Cuánto cuesta la Tetera Clásica?',
        [`Tetera Clásica cuesta ${usd(35, 'es')} y está disponible.`],
        [usd(45, 'es')],
      ],
      ['dario', '¿Tienen la Tetera Clásica XL?', [usd(45, 'es'), 'no está disponible'], [usd(35, 'es')]],
      [
        'huda',
        'كم سعر غلاية ستيل؟',
        [`سعر غلاية ستيل هو ${usd(60, 'ar')}، وهو متوفر حالياً.`],
        [usd(95, 'ar')],
      ],
      ['omar', 'بكم غلاية ستيل برو؟', [usd(95, 'ar'), 'غير متوفر حالياً'], [usd(60, 'ar')]],
      // A Latin-script name written in Arabic letters is found by how it sounds.
      ['rania', 'كم سعر تامبر الإسبريسو؟', ['Espresso Tamper', usd(25, 'ar')], [usd(60, 'ar')]],
    ])('%s: %j', async (username, content, said, neverSaid) => {
      const { reply } = await replyTo(username, content);
      // Simulated customers: the reply is stored and goes nowhere (docs/inbox.md, "Test data").
      expect(reply).toMatchObject({ aiGenerated: true, status: 'simulated' });
      for (const text of said) expect(reply.content).toContain(text);
      for (const text of neverSaid) expect(reply.content).not.toContain(text);
    });
  });

  it('answers a follow-up question about the product the conversation was about', async () => {
    await replyTo('elena', 'Do you have the Aero 5 Kettle Pro?');
    const { reply } = await replyTo('elena', 'How much is it?');
    expect(reply.content).toContain('$79.00');
    expect(reply.content).not.toContain('$49.00');
  });

  it('compares near-duplicates in the test chat, each with its own price and stock', async () => {
    const { body } = await testAgent(
      'What is the difference between the Aero 5 Kettle and the Aero 5 Kettle Pro?',
    );
    expect(body.response).toContain('• Aero 5 Kettle: $49.00 (in stock)');
    expect(body.response).toContain('• Aero 5 Kettle Pro: $79.00 (out of stock)');
    expect(body.response).not.toContain('$10.00');
  });

  it('stores no claim-check note on replies that needed no change', async () => {
    const rows = await sql<{ n: number }>(
      infra.env.DATABASE_URL,
      `select count(*)::int as n from messaging_service.messages
        where owner_id = $1 and direction = 'outgoing' and metadata ? 'claimCheck'`,
      [owner.id],
    );
    expect(rows).toEqual([{ n: 0 }]);
  });

  // Last: it stops catalogue-service for good.
  it('still replies, without the catalogue and in the usual time, when catalogue-service is down', async () => {
    await stack.stopService('catalogue-service');

    const { reply, ms } = await replyTo('felix', 'How much is the Aero 5 Kettle?');
    expect(ms).toBeLessThan(USUAL_REPLY_MS);
    // Without the catalogue it knows no price: it says so, and a person takes over (no price invented).
    expect(reply.content).toContain("I don't have that information");
    expect(reply.content).toContain('A member of our team will get back to you shortly.');
    expect(reply.content).not.toContain('$');

    const chat = await testAgent('How much is the Aero 5 Kettle?');
    expect(chat.ms).toBeLessThan(USUAL_REPLY_MS);
    expect(chat.body.response).not.toContain('$');
  });
});
