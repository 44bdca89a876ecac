// Compute time of the offline agent: 1,000 replies with 50 products, 50 knowledge items and 10 turns of history,
// after a warm-up, each followed by the claim check every reply passes before it is stored or sent. A reply's
// provider never sees more than that: an owner's 10 000 products and 10 000 passages are narrowed in SQL first
// (PRODUCT_SEARCH_LIMIT = 8 products, RETRIEVED_ITEMS = 8 passages), which scenarios 75 and 76 measure at that size. Run by scenarios/15-local-agent.mjs (node -r @swc-node/register); prints one JSON line.
import { type AgentContext, checkClaims, LocalAgentProvider } from '@parley/agent';

const MESSAGES = [
  'Hi! Do you have the trail runner in size 42?',
  '¿Cuánto cuesta la chaqueta impermeable?',
  'كم سعر الحذاء الرياضي؟',
  'My order #A-10234 has not arrived and I am really upset!!!',
  'What are your opening hours on Sunday?',
  'I want to buy two headlamps, how do I pay?',
  'Hola, ¿hacen envíos a Madrid?',
  'URGENT: the zipper broke after one day',
];

const context: AgentContext = {
  company: {
    name: 'Summit Gear',
    description: 'Outdoor clothing and equipment shop in Valencia. '.repeat(4),
    phoneNumber: '+34 600 000 000',
    email: 'hello@summit.example',
    openingHours: 'Mon–Sat 10:00–20:00',
  },
  responseStyle: 'friendly',
  products: Array.from({ length: 50 }, (_, i) => ({
    name: ['Trail Runner', 'Rain Jacket', 'Headlamp', 'Sleeping Bag', 'Tent'][i % 5] + ` ${i}`,
    description: 'Light, durable and made for long days outside. '.repeat(8),
    price: 19.99 + i,
    category: ['shoes', 'jackets', 'lighting', 'sleeping', 'shelter'][i % 5],
    inStock: i % 3 !== 0,
    features: ['waterproof', 'breathable mesh', 'recycled materials', `edition ${i}`],
  })),
  knowledge: Array.from({ length: 50 }, (_, i) => ({
    category: ['policies', 'faqs', 'support', 'company_info', 'products'][i % 5],
    title:
      ['Shipping to Spain', 'Returns within 30 days', 'Warranty', 'Opening hours', 'Sizing guide'][i % 5] +
      ` ${i}`,
    content: 'We ship in 2–3 working days; returns are free within 30 days of delivery. '.repeat(10),
    priority: (i % 5) + 1,
  })),
  customer: { name: 'Alex', platform: 'instagram' },
  // The 10 turns the reply job reads (the conversation's last 10 messages).
  history: Array.from({ length: 10 }, (_, i) => ({
    direction: i % 2 === 0 ? ('incoming' as const) : ('outgoing' as const),
    content:
      i % 2 === 0
        ? 'Do you have the rain jacket in blue, and how long does shipping take to Madrid?'
        : 'Yes, the Rain Jacket 1 is in stock at €20.99. We ship in 2–3 working days; returns are free within 30 days.',
  })),
};

async function main(): Promise<void> {
  const agent = new LocalAgentProvider();
  for (const message of MESSAGES) checkClaims(await agent.reply(message, context), context);
  const durations: number[] = [];
  const started = process.hrtime.bigint();
  for (let i = 0; i < 1000; i++) {
    const start = process.hrtime.bigint();
    checkClaims(await agent.reply(MESSAGES[i % MESSAGES.length], context), context);
    durations.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  durations.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      rps: 1000 / seconds,
      p50: durations[499],
      p99: durations[989],
      requests: 1000,
      errors: 0,
      seconds,
    }),
  );
}

void main();
