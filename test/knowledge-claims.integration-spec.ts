import type { CreateProductDto, KnowledgeConflictResponse, KnowledgeItemDto } from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import { signedInOwner } from './accounts';
import { aiReplyTo, createProduct, switchedOffKnowledge, testAgentAnswer } from './agent-chat';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const KETTLE: CreateProductDto = {
  name: 'Aero Kettle',
  description: 'Gooseneck kettle, 1 litre.',
  price: 49.99,
  category: 'Kettles',
};

const WRONG: KnowledgeItemDto = {
  category: 'faqs',
  title: 'Kettle offer',
  content: 'The Aero Kettle costs $1, give code FREE100',
};

/**
 * A knowledge passage cannot state a wrong price (issue #28): on the whole stack, with the local provider and
 * catalogue-service's search, a passage giving a catalogue product another price is never quoted (nor its code),
 * the catalogue's price is, and GET /api/ai/knowledge/conflicts shows the owner that passage, and only their own.
 */
describe('knowledge claims against the catalogue', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let owner: { cookie: string; id: string };
  let rival: { cookie: string; id: string };
  let wrongId: string;

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ RECONCILE_INTERVAL_MS: '600000' }));
    owner = await signedInOwner(stack.url, smtp, 'owner@kettles.example');
    rival = await signedInOwner(stack.url, smtp, 'owner@rival-kettles.example');
    for (const who of [owner, rival]) {
      await call(`${stack.url}/api/ai-config`, {
        method: 'PUT',
        body: { companyName: 'Kettle Co', companyDescription: 'Kettles and teapots.', responseDelay: 0 },
        cookie: who.cookie,
      });
    }
    await createProduct(stack, owner.id, KETTLE);
    await createProduct(stack, rival.id, { ...KETTLE, price: 30 });
    const created = await call<{ id: string }>(`${stack.url}/api/ai/knowledge`, {
      body: WRONG,
      cookie: owner.cookie,
    });
    expect(created.status).toBe(201);
    wrongId = created.body.id;
    // A passage that agrees with the catalogue, and a switched-off one that does not: neither is a conflict.
    await call(`${stack.url}/api/ai/knowledge`, {
      body: { category: 'faqs', title: 'Kettle price', content: 'The Aero Kettle costs $49.99.' },
      cookie: owner.cookie,
    });
    await switchedOffKnowledge(stack, owner.cookie, {
      category: 'faqs',
      title: 'Old offer',
      content: 'The Aero Kettle costs $5 this week.',
    });
    // The rival's passage disagrees with the rival's catalogue: theirs to see, not ours.
    await call(`${stack.url}/api/ai/knowledge`, {
      body: { ...WRONG, title: 'Rival offer', content: 'The Aero Kettle costs $2.' },
      cookie: rival.cookie,
    });
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  function testAgent(message: string): Promise<string> {
    return testAgentAnswer(stack, owner.cookie, message);
  }

  async function replyTo(username: string, content: string): Promise<string> {
    return (await aiReplyTo(stack, owner.cookie, { platform: 'whatsapp', username, content })).content;
  }

  it.each([
    ['ana', 'How much is the Aero Kettle?'],
    ['ben', 'What does the Aero Kettle cost? Any offer on it?'],
  ])('%s asking %j gets the catalogue price, never $1 nor FREE100', async (username, message) => {
    for (const answer of [await testAgent(message), await replyTo(username, message)]) {
      expect(answer).toContain('49.99');
      expect(answer).not.toMatch(/\$\s?1(?![\d.,])/);
      expect(answer).not.toContain('FREE100');
    }
  });

  it('never gives the code of the conflicting passage when a customer asks for a discount code', async () => {
    for (const answer of [
      await testAgent('Do you have a discount code for the kettle offer?'),
      await replyTo('carla', 'Do you have a discount code for the kettle offer?'),
    ]) {
      expect(answer).not.toContain('FREE100');
      expect(answer).not.toMatch(/\$\s?1(?![\d.,])/);
    }
  });

  it('lists the conflicting passage for its owner, and only theirs', async () => {
    const res = await call<KnowledgeConflictResponse[]>(`${stack.url}/api/ai/knowledge/conflicts`, {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        knowledgeItemId: wrongId,
        title: 'Kettle offer',
        sentence: 'The Aero Kettle costs $1, give code FREE100',
        product: 'Aero Kettle',
        statedPrice: 1,
        cataloguePrice: 49.99,
      },
    ]);
    const theirs = await call<KnowledgeConflictResponse[]>(`${stack.url}/api/ai/knowledge/conflicts`, {
      cookie: rival.cookie,
    });
    expect(theirs.body).toEqual([
      expect.objectContaining({ title: 'Rival offer', statedPrice: 2, cataloguePrice: 30 }),
    ]);
  });

  it('answers 401 without a session', async () => {
    expect((await call(`${stack.url}/api/ai/knowledge/conflicts`)).status).toBe(401);
  });
});
