import type { Language } from '@parley/contracts';
import type { AgentContext, AgentKnowledgeItem, AgentProduct } from '../agent-provider';
import { knowledgeItem, localAgentOf } from './testing/ask-local-agent';

// A business that sells services by appointment as well as goods (a hair salon, invented here), whose own noun
// ("salon") appears in its products' descriptions, with short typed knowledge items and a long handbook whose
// pages became passages. Asked in English, Spanish and Arabic. Each block is one class of question (docs/agent.md).

const COMPANY: AgentContext['company'] = {
  name: 'Copperleaf Studio',
  currency: 'GBP',
  description:
    'A hair salon in the old town offering cuts, colour and treatments, and selling the products we use.',
  address: '3 Weaver Lane, first floor, Norwich',
  phoneNumber: '+44 1603 555 014',
  email: 'hello@copperleaf.example',
  website: null,
  openingHours: 'Tuesday to Saturday 09:00–18:00',
};

const product = (name: string, price: number, category: string, description = ''): AgentProduct => ({
  name,
  price,
  inStock: true,
  description,
  category,
  features: [],
});

const PRODUCTS: AgentProduct[] = [
  product(
    'Cut and Blow-dry',
    45,
    'Services',
    'A wash, cut and finish in the salon with one of our stylists.',
  ),
  product('Full Head Colour', 80, 'Services', 'Permanent colour applied in the salon by a senior stylist.'),
  product('Balayage', 140, 'Services', 'Hand-painted highlights, done at the salon over one long visit.'),
  product(
    'Keratin Smoothing',
    150,
    'Services',
    'A smoothing treatment for frizzy hair, applied in the salon.',
  ),
  product('Argan Repair Shampoo', 16.5, 'Hair care', 'The shampoo we use at the salon, 250 ml.'),
  product('Heat Protect Spray', 14, 'Hair care', 'Protects against straighteners and dryers up to 230°C.'),
  product('Wide-Tooth Comb', 6, 'Accessories', 'Detangles wet hair without snapping it.'),
];

const item = (title: string, content: string, category = 'faq', priority = 3) =>
  knowledgeItem(title, content, category, priority);

const GETTING_HERE = item(
  'Finding us',
  'We are on the first floor above the bookshop. There is free parking behind the building for 2 hours, and the bus stops at the market square.',
);
const FIRST_VISIT = item(
  'New clients',
  'New clients should arrive early, 10 minutes before the first appointment, to talk us through the look they want.',
);
const RECORDS = item('Client records', 'We keep your colour formulas and consultation notes for 3 years.');
const PAYMENT = item(
  'Payment',
  'We accept cards and cash. Treatments over £100 can be paid in 3 monthly instalments.',
  'policies',
);
const CANCELLATIONS = item(
  'Cancellations',
  'Please give 24 hours notice to cancel; late cancellations are charged half the service price.',
  'policies',
);

/** A long handbook: filler pages, and the facts only it holds, each on its own page. */
const HANDBOOK: AgentKnowledgeItem[] = [
  ...Array.from({ length: 20 }, (_, i) =>
    item(
      `Stylist handbook (part ${i + 1})`,
      `Chapter ${i + 1} covers how the team keeps stations tidy, folds towels, greets guests at the desk and ` +
        'restocks the retail shelves at the end of each day.',
      'general',
      1,
    ),
  ),
  item(
    'Colour for younger clients',
    'Clients under 16 can have colour or a chemical treatment only with a parent or guardian present and a patch test 48 hours before.',
    'general',
    1,
  ),
  item(
    'Keratin aftercare',
    'After a keratin smoothing treatment, do not wash or tie your hair for 72 hours. The treatment itself takes about 3 hours.',
    'general',
    1,
  ),
  item(
    'Allergy patch tests',
    'Anyone new to colour needs an allergy patch test at least 48 hours before the colour appointment.',
    'general',
    1,
  ),
];

const KNOWLEDGE = [GETTING_HERE, FIRST_VISIT, RECORDS, PAYMENT, CANCELLATIONS, ...HANDBOOK];

const ask = localAgentOf({ company: COMPANY, knowledge: KNOWLEDGE, products: PRODUCTS });

/** Any product's price as a reply would state it. */
const PRICES = /£(?:45|80|140|150|16\.50|14|6)\.?\d*/;

describe('class: a question about the business itself is never answered by a product sharing a generic word', () => {
  it.each<[string, Language, string[]]>([
    ['Is there parking near the salon?', 'en', ['parking', '2 hours']],
    ['How early should I arrive at the salon for my first appointment?', 'en', ['10 minutes']],
    ['How long does the salon keep my records?', 'en', ['3 years']],
    ['Where is the salon?', 'en', ['3 Weaver Lane']],
    ['¿Dónde está el salón?', 'es', ['3 Weaver Lane']],
    ['أين الصالون؟', 'ar', ['3 Weaver Lane']],
  ])('%j', async (message, language, facts) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    for (const fact of facts) expect(reply.response).toContain(fact);
    expect(reply.response).not.toMatch(PRICES);
    expect(reply.analysis.intent).toBe('support');
    expect(reply.analysis.lead_potential).toBe('low');
  });

  it('a product is still found by its own distinctive words', async () => {
    const { response } = await ask('How much is the shampoo?');
    expect(response).toContain('Argan Repair Shampoo');
    expect(response).toContain('16.50');
  });
});

describe('class: a fact only a handbook passage or a short typed item holds is found and quoted exactly', () => {
  it.each<[string, Language, string[]]>([
    ['Do I need a patch test before colouring?', 'en', ['48 hours']],
    ['How long must I wait before washing my hair after keratin?', 'en', ['72 hours']],
    ['How long do you keep colour formulas?', 'en', ['3 years']],
    ['¿Con cuánta antelación hay que cancelar?', 'es', ['24']],
    ['كم ساعة قبل الإلغاء؟', 'ar', ['24']],
  ])('%j', async (message, language, facts) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    for (const fact of facts) expect(reply.response).toContain(fact);
    expect(reply.needsHuman).toBe(false);
  });
});

describe('class: an eligibility, payment-option or duration question about a product gets the condition, not the price', () => {
  it.each<[string, string[]]>([
    ['Can my 15-year-old daughter have a Full Head Colour?', ['16', 'parent']],
    ['Can I pay for Balayage in instalments?', ['3 monthly instalments']],
    ['How long does Keratin Smoothing take?', ['3 hours']],
  ])('%j', async (message, facts) => {
    const reply = await ask(message);
    for (const fact of facts) expect(reply.response).toContain(fact);
    expect(reply.response).not.toMatch(PRICES);
    expect(reply.needsHuman).toBe(false);
  });
});

describe('class: an attribute or a service nothing states is admitted as unknown', () => {
  it.each<[string, Language]>([
    ['What brand is the Heat Protect Spray?', 'en'],
    ['Do you offer hair extensions?', 'en'],
    ['¿Hacen extensiones de pelo?', 'es'],
    ['هل تقدمون خدمة تمديد الشعر؟', 'ar'],
  ])('%j', async (message, language) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    expect(reply.response).toContain('+44 1603 555 014');
    expect(reply.response).not.toMatch(PRICES);
    expect(reply.needsHuman).toBe(true);
    expect(reply.needsHumanReason).toBe('unknown');
  });
});

describe('class: a follow-up resolves to what the conversation just discussed', () => {
  it.each<[string, string, Language]>([
    ['Do you do balayage?', 'And how much is it?', 'en'],
    ['¿Hacen balayage?', '¿Y cuánto cuesta?', 'es'],
    ['هل تقدمون Balayage؟', 'وكم سعره؟', 'ar'],
  ])('%j then %j', async (first, followUp, language) => {
    const reply = await ask(followUp, {
      history: [
        { direction: 'incoming', content: first },
        { direction: 'outgoing', content: 'Balayage costs £140.00 and is available.' },
      ],
    });
    expect(reply.language).toBe(language);
    expect(reply.response).toContain('140');
    expect(reply.analysis.intent).toBe('pricing');
  });

  it('a follow-up about a topic resolves to the topic', async () => {
    const reply = await ask('and how long does it take?', {
      history: [
        { direction: 'incoming', content: 'Do you do keratin smoothing?' },
        { direction: 'outgoing', content: 'Keratin Smoothing costs £150.00 and is available.' },
      ],
    });
    expect(reply.response).toContain('3 hours');
  });
});

describe('class: classification of information, service-price and booking questions', () => {
  it.each<[string, string, string]>([
    ['What should I bring to my first appointment?', 'support', 'low'],
    ['Is there parking?', 'support', 'low'],
    ['How much is a Cut and Blow-dry?', 'pricing', 'medium'],
    ['How long does a balayage take?', 'product_inquiry', 'medium'],
    ['I would like to book a balayage', 'purchase_intent', 'high'],
    ['Quiero reservar una cita para un balayage', 'purchase_intent', 'high'],
    ['أريد حجز موعد لصبغة الشعر', 'purchase_intent', 'high'],
    ['¿Cuánto cuesta el balayage?', 'pricing', 'medium'],
    ['¿Hay aparcamiento?', 'support', 'low'],
  ])('%j → %s / %s', async (message, intent, lead) => {
    const { analysis } = await ask(message);
    expect([analysis.intent, analysis.lead_potential]).toEqual([intent, lead]);
  });
});
