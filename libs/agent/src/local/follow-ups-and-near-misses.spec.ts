import type { AgentContext, AgentProduct } from '../agent-provider';
import { knowledgeItem, localAgentOf } from './testing/ask-local-agent';

// Two classes of question of issue #30 on a business none of the rules were written for: a pizzeria selling pizzas in
// sizes and picnic blankets in colours. (1) A follow-up that names an attribute of what was just discussed ("and the
// biggest one?", "¿y la pequeña?", "is the green one in stock?") answers about that variant. (2) A near-miss unknown,
// a question whose qualifying phrase the business says nothing about while a neighbour shares its head ("pizzas for
// dogs"), is admitted with the owner's contact and needsHuman; a question the material answers still is.

const COMPANY: AgentContext['company'] = {
  name: 'Orsino Pizza Bar',
  description: 'A wood-fired pizzeria with a small terrace, baking since 2009.',
  address: '12 Mill Lane, Leeds',
  phoneNumber: '+44 113 496 0777',
  email: 'ciao@orsino.example',
  website: null,
  openingHours: 'Tuesday to Sunday 12:00–22:00',
  currency: 'GBP',
};

const pizza = (name: string, price: number, description: string, inStock = true): AgentProduct => ({
  name,
  price,
  inStock,
  description,
  category: 'Pizza',
  features: [],
});

const PRODUCTS: AgentProduct[] = [
  pizza('Margherita Pizza Small', 8.5, 'Tomato, mozzarella and basil. 25 cm, enough for one person.'),
  pizza('Margherita Pizza Medium', 11, 'Tomato, mozzarella and basil. 30 cm, enough for two people.'),
  pizza('Margherita Pizza Large', 14.5, 'Tomato, mozzarella and basil. 40 cm, serves three to four people.'),
  pizza('Diavola Pizza Small', 9.5, 'Spicy salami and chilli. 25 cm.'),
  pizza('Diavola Pizza Large', 16, 'Spicy salami and chilli. 40 cm.', false),
  {
    name: 'Picnic Blanket Red',
    price: 25,
    inStock: true,
    description: 'Wool picnic blanket in red check.',
    category: 'Extras',
    features: ['wool', 'red'],
  },
  {
    name: 'Picnic Blanket Green',
    price: 27,
    inStock: false,
    description: 'Wool picnic blanket in green check.',
    category: 'Extras',
    features: ['wool', 'green'],
  },
];

const KNOWLEDGE = [
  knowledgeItem('Terrace', 'Our terrace seats 20 guests and is heated from October to March.'),
  knowledgeItem('Gluten-free bases', 'Any pizza can be made on a gluten-free base for £2 extra.'),
  knowledgeItem('Delivery area', 'We deliver within 3 km of the bar; delivery costs £2.50.'),
  knowledgeItem('Gift vouchers', 'Gift vouchers are sold at the counter and are valid for one year.'),
  knowledgeItem(
    'Party trays',
    'Party trays are made to order. The small tray holds 12 slices and costs £18. The large tray holds 30 slices and costs £40.',
  ),
];

const ask = localAgentOf({ company: COMPANY, knowledge: KNOWLEDGE, products: PRODUCTS });

type Turn = AgentContext['history'][number];
const customer = (content: string): Turn => ({ direction: 'incoming', content });
const us = (content: string): Turn => ({ direction: 'outgoing', content });

describe('a follow-up naming an attribute of what was just discussed answers about that variant', () => {
  it('"the biggest one" after asking about the sizes: the large one, with what its card says', async () => {
    const reply = await ask('and how many will the biggest one serve?', {
      history: [
        customer('what sizes does the margherita come in?'),
        us('Margherita Pizza Small £8.50, Margherita Pizza Medium £11.00, Margherita Pizza Large £14.50'),
      ],
    });
    expect(reply.response).toMatch(/three to four/);
    expect(reply.response).not.toMatch(/one person|two people/);
    expect(reply.needsHuman).toBe(false);
  });

  it('Spanish: "¿y la pequeña?" after the large diavola is the small diavola', async () => {
    const reply = await ask('¿y la pequeña cuánto sale?', {
      history: [customer('¿cuánto cuesta la Diavola Pizza Large?'), us('Diavola Pizza Large: 16,00 £.')],
    });
    expect(reply.response).toMatch(/9[.,]50/);
    expect(reply.response).not.toMatch(/8[.,]50|16[.,]00/);
  });

  it('Arabic: "والصغيرة بكم؟" after the margherita is the small margherita', async () => {
    const reply = await ask('والصغيرة بكم؟', {
      history: [customer('كم سعر Margherita Pizza؟')],
    });
    expect(reply.response).toMatch(/8[.,٫]50|٨٫٥٠/);
    expect(reply.response).not.toMatch(/14[.,٫]50|11[.,٫]00/);
  });

  it('a colour: "is the green one in stock?" after the blankets is the green blanket, out of stock', async () => {
    const reply = await ask('is the green one in stock?', {
      history: [customer('do you sell picnic blankets?')],
    });
    expect(reply.response).toMatch(/Picnic Blanket Green/);
    expect(reply.response).toMatch(/out of stock/);
    expect(reply.response).not.toMatch(/Picnic Blanket Red/);
  });

  it('a price superlative: "the cheapest" among the pizzas just listed', async () => {
    const reply = await ask('and which is the cheapest?', {
      history: [customer('what diavola pizzas do you have?')],
    });
    expect(reply.response).toMatch(/Diavola Pizza Small/);
    expect(reply.response).not.toMatch(/Diavola Pizza Large/);
  });

  it('a variant word of another family member: "and the diavola?" after the small margherita keeps the size', async () => {
    const reply = await ask('and the diavola?', {
      history: [customer('how much is the small margherita?')],
    });
    expect(reply.response).toMatch(/Diavola Pizza Small/);
    expect(reply.response).toMatch(/9\.50/);
  });

  it('a size word after a passage about sized options: the sentence about that size', async () => {
    const reply = await ask('how much is the big one?', {
      history: [customer('do you do party trays?'), us('Party trays are made to order.')],
    });
    expect(reply.response).toContain('£40');
    expect(reply.response).not.toContain('£18');
  });

  it('Spanish: "¿y la pequeña?" after the same passage: the small tray', async () => {
    const reply = await ask('¿y la pequeña cuánto cuesta?', {
      history: [customer('¿hacen bandejas para fiestas? party trays'), us('Party trays are made to order.')],
    });
    expect(reply.response).toContain('18');
    expect(reply.response).not.toContain('40');
  });

  it('a question about both sizes gets the passage about both', async () => {
    const reply = await ask('what do the small and the large party trays cost?');
    expect(reply.response).toContain('£18');
    expect(reply.response).toContain('£40');
  });

  it('a message naming a product whole is not a follow-up', async () => {
    const reply = await ask('how much is the Diavola Pizza Large?', {
      history: [customer('how much is the small margherita?')],
    });
    expect(reply.response).toMatch(/16\.00/);
  });
});

describe('a near-miss unknown is admitted, with the contact and needsHuman', () => {
  it.each([
    ['do you make pizzas for dogs?'],
    ['is there a playground on the terrace?'],
    ['¿hacen pizzas para perros?'],
    ['هل تعملون بيتزا للكلاب؟'],
    ['is the mozzarella real Campanian buffalo mozzarella?'],
  ])('%j → I do not know, the phone, needsHuman', async (message) => {
    const reply = await ask(message);
    expect(reply.needsHuman).toBe(true);
    expect(reply.needsHumanReason).toBe('unknown');
    expect(reply.response).toContain('+44 113 496 0777');
  });
});

describe('questions the material answers are still answered (the near-miss rule keeps its precision)', () => {
  it.each([
    ['can I get any pizza on a gluten-free base?', '£2'],
    ['is the terrace heated in winter? we want to sit outside', 'October'],
    ['do you deliver within 3 km of the centre?', '£2.50'],
    ['how much is the margherita pizza small?', '£8.50'],
    ['¿cuánto cuesta la margherita pizza con base sin gluten?', '2'],
    ['I want a pizza for my son, how much is the small margherita?', '£8.50'],
    ['Hi, is the Diavola Pizza Small in stock?', '£9.50'],
    ['how much is a Margherita Pizza Medium with Diavola salami?', '£11.00'],
    // A phrase about everything the business offers is no kind of thing.
    ['is there a gift voucher for the products?', 'one year'],
  ])('%j → answered with %s', async (message, expected) => {
    const reply = await ask(message);
    expect(reply.needsHuman).toBe(false);
    expect(reply.response).toContain(expected);
  });

  it.each([
    // Time is no kind of thing.
    ['can I book the terrace for tomorrow evening?'],
    // A missing word that is no thing asked about (an adverb, a verb) beside a passage about the qualifier.
    ['do I have to pay everything upfront for a delivery?'],
  ])('%j is not a near miss', async (message) => {
    const reply = await ask(message);
    expect(reply.needsHuman).toBe(false);
    expect(reply.response).not.toMatch(/don't have that information/);
  });
});
