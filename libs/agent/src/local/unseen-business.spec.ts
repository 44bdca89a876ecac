import type { Language } from '@parley/contracts';
import type { AgentContext, AgentProduct } from '../agent-provider';
import { knowledgeItem, localAgentOf } from './testing/ask-local-agent';

// A business none of the agent's rules were written for (a bakery; its owner wrote the knowledge once, in
// English, with no tags), asked in English, Spanish and Arabic. Each block is one class of question
// (docs/agent.md): the reply's language, knowledge in another language, topic questions, unknown facts.

const COMPANY: AgentContext['company'] = {
  name: 'Oven Lane Bakery',
  description:
    'A neighbourhood bakery baking sourdough, pastries and celebration cakes every morning. We started in 2009.',
  address: '14 Mill Road, Cambridge',
  phoneNumber: '+44 20 7946 0018',
  email: 'orders@ovenlane.example',
  website: null,
  openingHours: 'Tuesday to Sunday 07:00–15:00, closed on Mondays',
};

const product = (name: string, price: number, inStock: boolean, description = ''): AgentProduct => ({
  name,
  price,
  inStock,
  description,
  category: 'Bakery',
  features: [],
});

const PRODUCTS: AgentProduct[] = [
  product('Sourdough Loaf', 4.8, true, 'Our house loaf, fermented for 36 hours.'),
  product('Rye Sourdough', 5.2, true),
  product('Almond Croissant', 3.1, true),
  product('Chocolate Celebration Cake', 32, true, 'Serves 12. Custom lettering on request.'),
  product('Lemon Tart', 18.5, false),
  product('Gluten-Free Seeded Loaf', 6.4, true),
];

const item = (title: string, content: string, category = 'policies') =>
  knowledgeItem(title, content, category);

const RETURNS = item(
  'Refunds & returns',
  'Unopened packaged goods can be returned within 7 days with the receipt. Fresh bakes cannot be returned, but if something is wrong we replace it the same day.',
);
const DELIVERY = item(
  'Local delivery',
  'We deliver within 5 miles of the shop on Fridays and Saturdays. Delivery costs £3.50 and is free for orders over £40.',
);
const PAYMENT = item(
  'Payment methods',
  'We accept cash, Visa, Mastercard and Apple Pay. Cake orders need a 50% deposit.',
);
const CAKE_ORDERS = item(
  'Cake orders',
  'Celebration cakes must be ordered at least 72 hours in advance. Cancellations made 48 hours before pickup get a full refund of the deposit.',
);
const LETTERING = item('Cake lettering', 'Custom lettering on a cake costs £7.25.', 'pricing');
const ALLERGENS = item(
  'Allergens',
  'All our bakes are made in a kitchen that handles nuts, gluten and sesame.',
  'faq',
);
const KNOWLEDGE = [RETURNS, DELIVERY, PAYMENT, CAKE_ORDERS, LETTERING, ALLERGENS];

const ask = localAgentOf({ company: COMPANY, knowledge: KNOWLEDGE, products: PRODUCTS });

const SPANISH_SMALL = new Set(
  'el la los las de del que y en un una es por para con no su sus nuestro nuestra se lo al hay son puede'.split(
    ' ',
  ),
);
const ENGLISH_SMALL = new Set(
  'the a an of and to in is are for with you your our we it on can be not this that'.split(' '),
);

/** The language a reader would say a reply is in (names left out): Arabic by its letters, else by small words. */
function readLanguage(text: string): Language {
  let rest = text;
  for (const name of [COMPANY.name, ...PRODUCTS.map((p) => p.name), 'Visa', 'Mastercard', 'Apple Pay'])
    rest = rest.split(name).join(' ');
  const letters = rest.match(/\p{L}/gu) ?? [];
  const arabic = letters.filter((l) => /\p{Script=Arabic}/u.test(l)).length;
  if (letters.length > 0 && arabic / letters.length >= 0.4) return 'ar';
  const words = rest.toLowerCase().split(/[^\p{L}]+/u);
  const es = words.filter((w) => SPANISH_SMALL.has(w)).length;
  const en = words.filter((w) => ENGLISH_SMALL.has(w)).length;
  return es > en ? 'es' : 'en';
}

describe('class 1: the reply is in the customer’s language', () => {
  it.each<[string, Language]>([
    ['cuanto cuesta el sourdough loaf', 'es'],
    ['tienen pan sin gluten', 'es'],
    ['horario?', 'es'],
    ['envios?', 'es'],
    ['devoluciones', 'es'],
    ['hacen entregas el sabado', 'es'],
    ['aceptan tarjeta', 'es'],
    ['precio del Lemon Tart', 'es'],
    ['هل عندكم Almond Croissant', 'ar'],
    ['بكم Sourdough Loaf؟', 'ar'],
    ['ok Almond Croissant متوفر؟', 'ar'],
    ['Do you have the Lemon Tart?', 'en'],
    ['deposit for a cake?', 'en'],
  ])('%j → %s, detected and written', async (message, language) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    expect(readLanguage(reply.response)).toBe(language);
  });

  it('a message with no sign of its own follows the conversation, not the English description', async () => {
    const reply = await ask('ok', {
      history: [{ direction: 'incoming', content: 'hola, tienen tartas' }],
    });
    expect(reply.language).toBe('es');
  });
});

describe('class 2: a question in Spanish or Arabic finds the English passage and answers in its language', () => {
  it.each<[string, Language, string[]]>([
    ['¿Cuál es la política de devoluciones?', 'es', ['7']],
    ['¿Puedo devolver un producto?', 'es', ['7']],
    ['¿Cuánto cuesta el envío a domicilio?', 'es', ['3.50', '40']],
    ['¿Qué formas de pago aceptan?', 'es', ['Visa', 'Apple Pay']],
    ['¿Con cuánta antelación hay que encargar una tarta?', 'es', ['72']],
    ['¿Puedo cancelar mi encargo?', 'es', ['48']],
    ['هل يمكنني إرجاع المنتج؟', 'ar', ['7']],
    ['كم تكلفة التوصيل؟', 'ar', ['3.50', '40']],
    ['ما هي طرق الدفع؟', 'ar', ['Visa', 'Mastercard']],
    ['هل يمكنني إلغاء الحجز؟', 'ar', ['48']],
  ])('%j', async (message, language, facts) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    expect(readLanguage(reply.response)).toBe(language);
    for (const fact of facts) expect(reply.response).toContain(fact);
    expect(reply.needsHuman).toBe(false);
  });

  it.each<[string, Language, string[]]>([
    ['¿A qué hora abren?', 'es', ['07:00', 'martes', 'domingo', 'lunes']],
    ['متى تفتحون؟', 'ar', ['07:00', 'الثلاثاء', 'الأحد', 'الاثنين']],
  ])('%j: opening hours are phrased in the customer’s language', async (message, language, facts) => {
    const reply = await ask(message);
    expect([reply.response, readLanguage(reply.response)]).toEqual([reply.response, language]);
    for (const fact of facts) expect(reply.response).toContain(fact);
    expect(reply.response).not.toContain('Tuesday');
  });
});

describe('class 3: a topic question is answered by its passage, with no price and no padding', () => {
  it('a returns question naming a product does not get the product’s price', async () => {
    const { response } = await ask('What is your returns policy for the Almond Croissant?');
    expect(response).toContain('7 days');
    expect(response).not.toContain('3.10');
    expect(response).not.toMatch(/Good to know/);
  });

  it('a typed item answers the question it answers, over a product that mentions the thing', async () => {
    const { response } = await ask('How much does lettering on a cake cost?');
    expect(response).toContain('7.25');
    expect(response).not.toContain('32.00');
  });

  it.each([
    'Do you deliver?',
    'How much is the Sourdough Loaf?',
    'Can I pay with Apple Pay?',
    '¿Hacen entregas?',
  ])('%j is not padded with a passage about something else', async (message) => {
    const { response } = await ask(message);
    expect(response).not.toMatch(/Good to know|Dato útil|معلومة مفيدة/);
  });

  it('never shows an item’s title as a pointer ("See the item …")', async () => {
    const { response } = await ask('Do you deliver on Saturdays?');
    expect(response).not.toMatch(/see the item|Local delivery/i);
    expect(response).toContain('Saturdays');
  });
});

describe('class 4: unknown facts are admitted, with the owner’s contact, in the customer’s language', () => {
  it.each<[string, Language, RegExp]>([
    ['Do you sell gift cards?', 'en', /don't have that information/],
    ['Is there parking near the shop?', 'en', /don't have that information/],
    ['¿Tienen aparcamiento?', 'es', /no (?:tengo|dispongo de) esa información/i],
    ['¿Venden tarjetas regalo?', 'es', /no (?:tengo|dispongo de) esa información/i],
    ['هل لديكم واي فاي مجاني؟', 'ar', /لا تتوفر لدي هذه المعلومة/],
  ])('%j', async (message, language, admits) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    expect(reply.response).toMatch(admits);
    expect(reply.response).toContain('+44 20 7946 0018');
    expect(reply.needsHuman).toBe(true);
    expect(reply.needsHumanReason).toBe('unknown');
  });

  it.each(['Hello', 'Hola', 'مرحبا'])('the greeting %j does not recite the description', async (message) => {
    const { response, needsHuman } = await ask(message);
    expect(response).not.toMatch(/sourdough|2009/i);
    expect(needsHuman).toBe(false);
  });
});

describe('class 2: a passage mixing languages', () => {
  it('keeps the sentences in the customer’s language as written and gives the others’ facts', async () => {
    const mixed = item(
      'Shipping abroad',
      'Enviamos a España en 3 días laborables por 9.90. We deliver in Cambridge within 2 working days for 3.50.',
    );
    const { response } = await ask('Do you ship abroad?', { knowledge: [mixed] });
    expect(response).toContain('We deliver in Cambridge within 2 working days for 3.50.');
    expect(response).toContain('3 working days');
  });
});
