import type { AgentContext, AgentProduct } from '../agent-provider';
import { handOffText } from './compose';
import { knowledgeItem, localAgentOf } from './testing/ask-local-agent';

// Classes of question of issue #30 (points 3, 5, 6) on a business none of the rules were written for: a florist
// whose owner wrote the knowledge in English. Each block is one class (docs/agent.md, "How the local agent decides").

const COMPANY: AgentContext['company'] = {
  name: 'Petal Yard',
  description:
    'A florist arranging seasonal bouquets, wreaths and plants. We have been arranging flowers since 2011.',
  address: '3 Quay Street, Bristol',
  phoneNumber: '+44 117 496 0555',
  email: 'hello@petalyard.example',
  website: null,
  openingHours: 'Monday to Saturday 09:00–18:00',
  currency: 'GBP',
};

const product = (name: string, price: number, inStock: boolean): AgentProduct => ({
  name,
  price,
  inStock,
  description: '',
  category: 'Flowers',
  features: [],
});

const PRODUCTS: AgentProduct[] = [
  product('Spring Tulip Bouquet', 35, true),
  product('Peony Bouquet', 48, true),
  product('Winter Wreath', 42, false),
];

const item = (title: string, content: string) => knowledgeItem(title, content);

const KNOWLEDGE = [
  item('Gift cards', 'A handwritten gift card with your own words costs £3 extra on any bouquet.'),
  item('Vase hire', 'For weddings we lend glass vases at £2 each, returned within a week.'),
];

const ask = localAgentOf({ company: COMPANY, knowledge: KNOWLEDGE, products: PRODUCTS });

describe('a typed knowledge item answering the question wins over products sharing a word', () => {
  it.each([
    ['How much extra for a handwritten card with the bouquet?', '£3'],
    ['Can we hire vases for the wedding flowers? What is the price?', '£2'],
  ])('%j → the passage with %s, not the bouquets', async (message, amount) => {
    const { response } = await ask(message);
    expect(response).toContain(amount);
    expect(response).not.toContain('£35');
    expect(response).not.toContain('£48');
  });

  it('a product named whole still gets its card', async () => {
    const { response } = await ask('How much is the Peony Bouquet?');
    expect(response).toContain('£48');
  });
});

describe('stock is stated with a passage answering something else about a product', () => {
  it('a question the passage answers about an out-of-stock product also says it is out of stock', async () => {
    const reply = await ask('Can the Winter Wreath come with a handwritten card?');
    expect(reply.response).toContain('£3');
    expect(reply.response).toMatch(/Winter Wreath is currently out of stock/);
  });
});

describe('complaints are recognised in every language', () => {
  it.each([
    ['The bouquet I collected this morning had the name spelled wrong and I am really upset!!', 'en'],
    ['las flores llegaron marchitas, no es justo, ¿me las reponen?', 'es'],
    ['الورد وصلني خربان!! مو معقول', 'ar'],
  ])('%j → complaint, with an apology and a way to reach the team', async (message) => {
    const reply = await ask(message);
    expect(reply.analysis.intent).toBe('complaint');
    expect(reply.response).toMatch(/\+44 117 496 0555|hello@petalyard\.example/);
  });
});

describe('the reply stays in the customer’s language', () => {
  it('an Arabic question the business never answered is not met with the English description', async () => {
    const reply = await ask('هل عندكم موقف للدراجات الهوائية؟');
    expect(reply.response).not.toContain('florist');
    expect(reply.needsHuman).toBe(true);
  });
});

describe('a request for a person', () => {
  it.each(['en', 'es', 'ar'] as const)('in %s also says how to reach the business now', (language) => {
    const text = handOffText(language, { company: COMPANY, responseStyle: 'friendly' });
    expect(text).toContain('+44 117 496 0555');
    expect(text).toContain('hello@petalyard.example');
  });

  it('without a phone or email it only says a person will reply', () => {
    const text = handOffText('en', {
      company: { ...COMPANY, phoneNumber: null, email: null },
      responseStyle: 'friendly',
    });
    expect(text).not.toMatch(/reach us/);
  });
});
