import type { Language } from '@parley/contracts';
import type { AgentContext, AgentKnowledgeItem } from '../agent-provider';
import { LocalAgentProvider } from './local-provider';

// What the local agent answers from (the business facts of the AI configuration, the knowledge items it is
// given) and when it says it does not know (needsHuman). The business is generic on purpose.

const COMPANY: AgentContext['company'] = {
  name: 'Northwind Studio',
  description: 'Handmade ceramics and kitchenware.',
  address: 'Calle Mayor 12, 28013 Madrid',
  phoneNumber: '+34 910 000 111',
  email: 'hola@northwind.example',
  website: 'https://northwind.example',
  // Longer than a contact list shows: an asked-for fact is still given whole.
  openingHours:
    'Monday to Friday 10:00–19:00, Saturday 10:00–14:00, closed on Sundays and public holidays; ' +
    'in August we open only in the mornings from 10:00 to 13:00',
};

const SHIPPING_LOW: AgentKnowledgeItem = {
  category: 'policies',
  title: 'Shipping times',
  content: 'Orders ship within 5 working days.',
  priority: 1,
};
const SHIPPING_HIGH: AgentKnowledgeItem = {
  category: 'policies',
  title: 'Shipping',
  content: 'Orders ship within 2 working days from our Madrid workshop.',
  priority: 5,
};
const ENVIOS: AgentKnowledgeItem = {
  category: 'policies',
  title: 'Envíos a Canarias',
  content: 'Enviamos a Canarias con Correos Express en 4 días laborables.',
  priority: 2,
};
const TAWSIL: AgentKnowledgeItem = {
  category: 'policies',
  title: 'التوصيل إلى الرياض',
  content: 'نوصل الطلبات إلى الرياض خلال 3 أيام عمل مع شركة أرامكس.',
  priority: 2,
};

const provider = new LocalAgentProvider();

function ask(message: string, overrides: Partial<AgentContext> = {}) {
  return provider.reply(message, {
    company: COMPANY,
    responseStyle: 'friendly',
    knowledge: [],
    products: [],
    customer: { name: null, platform: 'whatsapp' },
    history: [],
    ...overrides,
  });
}

describe('the local agent answers business facts from the AI configuration', () => {
  it.each<[string, Language, string]>([
    ['When are you open?', 'en', `Our opening hours are: ${COMPANY.openingHours}`],
    ['What are your opening hours on Saturday?', 'en', COMPANY.openingHours as string],
    ['Where are you located?', 'en', 'You can find us at: Calle Mayor 12, 28013 Madrid'],
    ["What's your phone number?", 'en', 'You can call us on +34 910 000 111'],
    // Said in the customer's language: the days and the words the vocabulary knows; times as written.
    ['¿Cuál es su horario?', 'es', 'Nuestro horario es: lunes a viernes 10:00–19:00, sábado 10:00–14:00'],
    ['¿Dónde están?', 'es', 'Nos encontramos en: Calle Mayor 12, 28013 Madrid'],
    ['¿Tienen página web?', 'es', 'Nuestra web es https://northwind.example'],
    ['متى تفتحون؟', 'ar', 'ساعات العمل لدينا: الاثنين إلى الجمعة 10:00–19:00, السبت 10:00–14:00'],
    ['أين موقعكم؟', 'ar', 'تجدنا في: Calle Mayor 12, 28013 Madrid'],
    ['ما هو البريد الإلكتروني؟', 'ar', 'بريدنا الإلكتروني: hola@northwind.example'],
  ])('%j', async (message, language, fact) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    expect(reply.response).toContain(fact);
    expect(reply.needsHuman).toBe(false);
  });

  it('gives every way to reach the business when asked how to contact it', async () => {
    const { response } = await ask('How can I contact you?');
    expect(response).toContain('+34 910 000 111');
    expect(response).toContain('hola@northwind.example');
    expect(response).not.toContain('Monday');
  });

  it('says it does not know a fact the owner has not set, and offers the contact', async () => {
    const reply = await ask('When are you open?', { company: { ...COMPANY, openingHours: null } });
    expect(reply.response).toContain("I don't have that information");
    expect(reply.response).toContain('Phone: +34 910 000 111');
    expect(reply.needsHuman).toBe(true);
  });
});

describe('the local agent answers from knowledge, quoting the passage as written', () => {
  it.each<[string, Language, AgentKnowledgeItem, string]>([
    ['How long does shipping take?', 'en', SHIPPING_HIGH, SHIPPING_HIGH.content],
    ['¿Hacen envíos a Canarias?', 'es', ENVIOS, ENVIOS.content],
    ['هل توصلون إلى الرياض؟', 'ar', TAWSIL, TAWSIL.content],
    // A passage in another language gives its facts in the customer's.
    ['Do you ship to Canarias?', 'en', ENVIOS, 'to Canarias, Correos Express, 4 working days'],
  ])('%j', async (message, language, item, passage) => {
    const reply = await ask(message, { knowledge: [item] });
    expect(reply.language).toBe(language);
    expect(reply.response).toContain(passage);
    expect(reply.needsHuman).toBe(false);
  });

  it.each([[[SHIPPING_LOW, SHIPPING_HIGH]], [[SHIPPING_HIGH, SHIPPING_LOW]]])(
    'follows the higher priority when two items disagree (order %#)',
    async (knowledge) => {
      const { response } = await ask('How long does shipping take?', { knowledge });
      expect(response).toContain('2 working days');
      expect(response).not.toContain('5 working days');
    },
  );

  it('ignores an inactive-looking unrelated item: only matching items answer', async () => {
    const reply = await ask('Is there a discount code?', { knowledge: [SHIPPING_HIGH] });
    expect(reply.response).not.toContain('working days');
    expect(reply.needsHuman).toBe(true);
  });
});

describe('"I don\'t know" when nothing the owner taught answers', () => {
  it.each<[string, Language, string]>([
    ['How much does the parcel weigh?', 'en', "I don't have that information"],
    ['Do you ship to Mars?', 'en', "I don't have that information"],
    ['Is there a discount code?', 'en', "I don't have that information"],
    ['Can I bring my dog to the shop?', 'en', "I don't have that information"],
    ['¿Tienen algún código de descuento?', 'es', 'no tengo esa información'],
    ['¿Cuánto pesa el paquete?', 'es', 'no tengo esa información'],
    ['هل يوجد كود خصم؟', 'ar', 'لا تتوفر لدي هذه المعلومة'],
    ['كم يزن الطرد؟', 'ar', 'لا تتوفر لدي هذه المعلومة'],
  ])('%j', async (message, language, dontKnow) => {
    const reply = await ask(message);
    expect(reply.language).toBe(language);
    expect(reply.response).toContain(dontKnow);
    expect(reply.response).toContain('+34 910 000 111');
    expect(reply.response).toContain('hola@northwind.example');
    expect(reply.response).not.toMatch(/\d+\s?(?:kg|g|%)|\$/);
    expect(reply.needsHuman).toBe(true);
  });

  it('offers a person when the owner has no phone or email', async () => {
    const reply = await ask('Is there a discount code?', {
      company: { name: 'Northwind Studio', description: '' },
    });
    expect(reply.response).toContain('A member of our team will get back to you shortly.');
    expect(reply.needsHuman).toBe(true);
  });

  it.each([
    'Hi!',
    'Thank you so much',
    'ok',
    'Hola, buenos días',
    'Gracias',
    'مرحبا',
    'شكرا',
    'I want to buy two mugs',
    'Where is my order #A-1234?',
    'This is unacceptable, my order arrived broken',
    'What do you sell?',
  ])('is not an "I don\'t know": %j', async (message) => {
    expect((await ask(message)).needsHuman).toBe(false);
  });
});

describe('the local agent answers every kind of question from what was taught', () => {
  const BREAKAGE: AgentKnowledgeItem = {
    category: 'support',
    title: 'Broken in transit',
    content: 'If a piece arrives broken, email us a picture within 3 days and we replace it.',
    tags: ['broken', 'roto', 'مكسور'],
    priority: 3,
  };
  const RETURNS: AgentKnowledgeItem = {
    category: 'policies',
    title: 'Returns',
    content: 'Unused pieces can be returned within 21 days.',
    priority: 3,
  };
  const CLASSES: AgentKnowledgeItem = {
    category: 'faqs',
    title: 'Pottery classes',
    content: 'A two-hour pottery class costs 40.00 per person.',
    tags: ['class', 'clase', 'دروس'],
    priority: 2,
  };
  const VASE = {
    name: 'Terra Vase',
    category: 'Vases',
    description: 'Tall glazed vase.',
    price: 58,
    inStock: true,
    features: [],
  };

  it.each<[string, Language, string]>([
    ['My vase arrived broken, this is unacceptable!', 'en', 'email us a picture within 3 days'],
    // The English rule's facts, said in the customer's language.
    ['¡Mi jarrón llegó roto, es inaceptable!', 'es', 'dañado, correo, foto, en un plazo de 3 días'],
    ['وصل طلبي مكسوراً وأنا غاضب!', 'ar', 'تالف, البريد الإلكتروني, صورة, خلال 3 أيام'],
  ])(
    'a complaint about a problem the owner taught the rule for gets the rule: %j',
    async (message, language, rule) => {
      const reply = await ask(message, { knowledge: [BREAKAGE] });
      expect(reply.language).toBe(language);
      expect(reply.analysis.intent).toBe('complaint');
      expect(reply.response).toContain(rule);
      expect(reply.needsHuman).toBe(false);
    },
  );

  it('answers both parts of a question about a product and a policy', async () => {
    const { response } = await ask(
      'How do returns work under your policy, and is the Terra Vase available?',
      {
        knowledge: [RETURNS],
        products: [VASE],
      },
    );
    expect(response).toContain('Terra Vase');
    expect(response).toContain('$58.00');
    expect(response).toContain('within 21 days');
  });

  it('states the price a knowledge item gives, in any language', async () => {
    const reply = await ask('كم سعر دروس الفخار؟', { knowledge: [CLASSES] });
    expect(reply.language).toBe('ar');
    expect(reply.response).toContain('40.00');
    expect(reply.needsHuman).toBe(false);
  });

  it.each(['How much does the Terra Vase weigh?', '¿Cuánto pesa el Terra Vase?'])(
    'does not know a product’s weight the owner never gave: %j',
    async (message) => {
      const reply = await ask(message, { knowledge: [RETURNS], products: [VASE] });
      expect(reply.response).not.toContain('$58.00');
      expect(reply.needsHuman).toBe(true);
    },
  );

  it('answers a product’s weight from a knowledge item that gives it', async () => {
    const weights: AgentKnowledgeItem = {
      category: 'products',
      title: 'Vase weights',
      content: 'The Terra Vase weighs 2 kg.',
      priority: 1,
    };
    const reply = await ask('How much does the Terra Vase weigh?', {
      knowledge: [weights],
      products: [VASE],
    });
    expect(reply.needsHuman).toBe(false);
  });
});
