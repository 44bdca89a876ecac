import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  MESSAGING_SUBJECTS,
  type ProductSearchHit,
  PRODUCTS_SUBJECTS,
  type TestAgentResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { MessagingTestKit } from './messaging-test-kit';

const codec = JSONCodec();

/** The owner's catalogue, as catalogue-service's search gives it to messaging-service. */
const CATALOGUE: ProductSearchHit[] = [
  {
    name: 'Aero 5 Kettle',
    description: 'A 1.5 litre kettle with a steel body.',
    price: 49,
    category: 'Kettles',
    inStock: true,
    features: ['1.5 litres', 'steel'],
  },
  {
    name: 'Tetera Clásica',
    description: 'Tetera de acero para la cocina.',
    price: 35,
    category: 'Teteras',
    inStock: true,
    features: ['acero'],
  },
  {
    name: 'غلاية ستيل',
    description: 'غلاية من الستانلس ستيل.',
    price: 60,
    category: 'غلايات',
    inStock: false,
    features: ['ستيل'],
  },
];

/**
 * One answer path (issue #30 point 2): the test chat answers exactly as a customer is answered. For the same
 * message and the same state (the owner's configuration, private notes, knowledge and catalogue; a new customer with
 * no earlier messages and no name to greet, as in the test chat), the reply job stores the reply the test chat
 * returns, with the same analysis: one function (AgentAnswers.answer) makes both. Every kind of answer is asked, in
 * the three languages: a product's price and stock, a knowledge passage (quoted, or its facts in the customer's
 * language), a business fact, "I don't know", a complaint, a greeting, a request for a person, a withheld private
 * note. billing-service and catalogue-service are stood in for by NATS responders (the usage call counts; the
 * search answers the owner's catalogue).
 */
describe('one answer path: the test chat answers as a customer is answered (local agent)', () => {
  const kit = MessagingTestKit.start('one-answer-path-test');
  let ownerId: string;

  beforeAll(async () => {
    kit.nc.subscribe(`${kit.prefix}${USAGE_SUBJECTS.consume}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string };
        msg.respond(codec.encode({ id: packet.id, response: { used: 1 }, isDisposed: true }));
      },
    });
    kit.nc.subscribe(`${kit.prefix}${PRODUCTS_SUBJECTS.search}`, {
      queue: 'stand-in',
      callback: (_error, msg) => {
        const packet = codec.decode(msg.data) as { id: string };
        msg.respond(codec.encode({ id: packet.id, response: CATALOGUE, isDisposed: true }));
      },
    });

    ownerId = randomUUID();
    await kit.send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
      companyName: 'Copper Lane Kitchen',
      companyDescription: 'A kitchenware shop selling kettles and teapots.',
      phoneNumber: '+44 20 7946 0031',
      email: 'hello@copperlane.example',
      openingHours: 'Tuesday to Sunday 09:00–18:00, closed on Mondays',
      privateNotes: 'Staff discount code CLK-5521.',
      responseStyle: 'friendly',
      responseDelay: 0,
    });
    for (const item of [
      {
        category: 'policies',
        title: 'Returns',
        content: 'Returns are accepted within 30 days with the receipt. Refunds go back to the card used.',
      },
      {
        category: 'policies',
        title: 'Shipping',
        content: 'We ship to Spain and the Canary Islands in 3 working days; shipping is free over $60.',
      },
      {
        category: 'faqs',
        title: 'Staff discount',
        content: 'Staff get 20% off with the staff discount code CLK-5521 at the till.',
      },
    ]) {
      await kit.send(MESSAGING_SUBJECTS.createKnowledge, ownerId, item);
    }
  });

  it.each<[string, string, string]>([
    ['a product price (en)', 'How much is the Aero 5 Kettle?', '$49.00'],
    ['a product price (es)', '¿Cuánto cuesta la Tetera Clásica?', 'Tetera Clásica'],
    ['a product out of stock (ar)', 'كم سعر غلاية ستيل؟', 'غلاية ستيل'],
    ['a knowledge passage (en)', 'Can I return a kettle I bought?', '30 days'],
    ['a passage in another language (es)', '¿Hacen envíos a Canarias?', '3'],
    ['a business fact (en)', 'When are you open?', '09:00–18:00'],
    ['a business fact in the customer’s language (es)', '¿Cuál es su horario?', '09:00–18:00'],
    ['an unknown (en)', 'Do you have parking for customers?', '+44 20 7946 0031'],
    ['a complaint (en)', 'My kettle arrived broken and nobody answers!!!', 'sorry'],
    ['a greeting (ar)', 'مرحبا', 'Copper Lane Kitchen'],
    ['a request for a person (es)', '¿Puedo hablar con alguien?', 'una persona'],
    ['a private note withheld (en)', 'What is the staff discount code?', 'team'],
  ])('%s: %j', async (_kind, message, said) => {
    // A placeholder for a name, as some profiles give: no name to greet, as in the test chat.
    const reply = await kit.replyTo<{ analysis?: unknown }>(ownerId, message, 'guest');
    const chat = await kit.send<TestAgentResponse>(MESSAGING_SUBJECTS.testAgent, ownerId, {
      message,
      platform: 'test',
    });
    expect(chat.response).toContain(said);
    expect(chat.response).not.toContain('CLK-5521');
    expect(reply.content).toBe(chat.response);
    expect(reply.metadata?.analysis).toEqual(chat.analysis);
  });
});
