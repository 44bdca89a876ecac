import type { AgentKnowledgeItem, AgentProduct } from '../agent-provider';
import { bestPassage, retrieve, termsOf } from './retrieve';

function product(name: string, category: string, extra: Partial<AgentProduct> = {}): AgentProduct {
  return { name, category, description: '', price: 10, inStock: true, features: [], ...extra };
}

function knowledge(title: string, content: string, priority = 1): AgentKnowledgeItem {
  return { category: 'faqs', title, content, priority };
}

const PRODUCTS = [
  product('Alpine Down Jacket', 'Jackets', { description: 'Warm packable jacket for cold hikes.' }),
  product('Trail Runner X2', 'Shoes', { features: ['waterproof', 'breathable mesh'] }),
  product('Summit 40L Backpack', 'Backpacks', { description: 'Fits a jacket and a water bottle.' }),
  product('Camp Mug', 'Kitchen', { description: 'Enamel mug, great with a backpack stove.' }),
  product('Headlamp 300', 'Lighting'),
  product('Headlamp 500', 'Lighting'),
  product('عباية سوداء كلاسيكية', 'عبايات', { features: ['قماش كريب'] }),
  product('Chaqueta Impermeable Ñandú', 'Chaquetas'),
];

const KNOWLEDGE = [
  knowledge('Shipping', 'We ship across the US. Standard shipping takes 3-5 business days.', 2),
  knowledge('Returns policy', 'Return unused items within 30 days. Refunds take 5 business days.', 1),
  knowledge('Returns for sale items', 'Sale items can be returned for store credit only.', 4),
  knowledge('Opening hours', 'Monday to Saturday, 9am to 6pm.', 1),
  knowledge('سياسة الإرجاع', 'يمكنك إرجاع المنتج خلال ١٤ يوماً من الاستلام.', 1),
];

const context = { products: PRODUCTS, knowledge: KNOWLEDGE };
const names = (message: string) => retrieve(message, context).products.map((p) => p.name);
const titles = (message: string) => retrieve(message, context).knowledge.map((k) => k.title);

describe('retrieve', () => {
  it('finds a product by its name before products that only mention the words', () => {
    expect(names('How much is the Summit backpack?')).toEqual(['Summit 40L Backpack']);
    expect(names('Do you have jackets?')).toEqual(['Alpine Down Jacket']);
  });

  it('matches categories and features, and returns every product that matches about as well', () => {
    expect(names('Which shoes are waterproof?')).toEqual(['Trail Runner X2']);
    expect(names('headlamps?')).toEqual(['Headlamp 300', 'Headlamp 500']);
    expect(names('the headlamp 500')).toEqual(['Headlamp 500']);
  });

  describe('tells near-duplicate names apart by the whole name the message says', () => {
    const kettles = [
      product('Aero 5 Kettle Pro', 'Kettles'),
      product('Aero 5 Kettle', 'Kettles'),
      product('Aero 7 Kettle', 'Kettles'),
      product('Tetera Clásica', 'Teteras'),
      product('Tetera Clásica XL', 'Teteras'),
      product('غلاية ستيل', 'غلايات'),
      product('غلاية ستيل برو', 'غلايات'),
      product('Camp Mug', 'Mugs'),
    ];
    it.each<[string, string[]]>([
      ['How much is the Aero 5 Kettle?', ['Aero 5 Kettle']],
      ['how much is the aero-5 kettle', ['Aero 5 Kettle']],
      ['And the Aero 5 Kettle Pro?', ['Aero 5 Kettle Pro']],
      ['Aero 7 Kettle price', ['Aero 7 Kettle']],
      ['the Aero 5 Kettle or the Aero 5 Kettle Pro?', ['Aero 5 Kettle', 'Aero 5 Kettle Pro']],
      ['Aero 5 Kettle Pro vs Aero 5 Kettle', ['Aero 5 Kettle Pro', 'Aero 5 Kettle']],
      ['the Aero 5 Kettle and a camp mug', ['Aero 5 Kettle', 'Camp Mug']],
      ['Which aero kettles do you have?', ['Aero 5 Kettle Pro', 'Aero 5 Kettle', 'Aero 7 Kettle']],
      ['¿Cuánto cuesta la tetera clasica?', ['Tetera Clásica']],
      ['¿Y la Tetera Clásica XL?', ['Tetera Clásica XL']],
      ['كم سعر غلاية ستيل؟', ['غلاية ستيل']],
      ['بكم الغلاية ستيل برو؟', ['غلاية ستيل برو']],
    ])('%j → %j', (message, expected) => {
      expect(retrieve(message, { products: kettles, knowledge: [] }).products.map((p) => p.name)).toEqual(
        expected,
      );
    });
  });

  it('never returns a product that only shares a description word', () => {
    expect(names('Do you sell water bottles?')).toEqual([]);
    expect(names('Do you sell tents?')).toEqual([]);
  });

  it('compares Spanish and Arabic by the same folding', () => {
    expect(names('¿Cuánto cuesta la chaqueta impermeable ñandu?')).toEqual(['Chaqueta Impermeable Ñandú']);
    expect(names('بكم العباية السوداء؟')).toEqual(['عباية سوداء كلاسيكية']);
    expect(names('هل عندكم عبايات من قماش الكريب؟')).toEqual(['عباية سوداء كلاسيكية']);
  });

  it('ranks knowledge by title, then content, with priority breaking ties', () => {
    expect(titles('What are your opening hours?')).toEqual(['Opening hours']);
    expect(titles('how long does shipping take')).toEqual(['Shipping']);
    // The general policy fits a general question better than the higher-priority exception about sale items…
    expect(titles('can I return it?')[0]).toBe('Returns policy');
    // …and when both fit, the higher priority wins.
    expect(titles('can I return sale items?')[0]).toBe('Returns for sale items');
    // The Arabic item first; the English ones about the same topic follow (see the topic tests below).
    expect(titles('ما هي سياسة الإرجاع؟')[0]).toBe('سياسة الإرجاع');
    expect(titles('hello')).toEqual([]);
  });

  it('ignores words that carry no meaning in the three languages', () => {
    expect(termsOf('How much is it? ¿Cuánto es? هل لديكم')).toEqual([]);
  });
});

describe('bestPassage', () => {
  const content =
    'We ship across the US. Standard shipping takes 3-5 business days. Express shipping arrives next day. ' +
    'Returns are free within 30 days.';

  it('is the whole text when it fits', () => {
    expect(bestPassage(content, termsOf('how do returns work'), 200)).toBe(content);
  });

  it('otherwise starts at the sentence that shares most words with the message', () => {
    expect(bestPassage(content, termsOf('how do returns work'), 60)).toBe('Returns are free within 30 days.');
    expect(bestPassage(content, termsOf('express shipping?'), 80)).toBe(
      'Express shipping arrives next day. Returns are free within 30 days.',
    );
  });

  it('takes the run of sentences holding most of what is asked, not only the best sentence and what follows', () => {
    const extras =
      'Our party box brings a cake and candles for a party. ' +
      'Cake stands: we lend porcelain stands for events. ' +
      'We take a deposit of $40 for each stand you borrow.';
    // The first two sentences share as many words with the message; the answer is in the third.
    expect(
      bestPassage(extras, termsOf('can I borrow a cake stand for my party, is there a deposit?'), 110),
    ).toBe(
      'Cake stands: we lend porcelain stands for events. We take a deposit of $40 for each stand you borrow.',
    );
  });

  it('starts at the beginning when no sentence matches, and fits the limit', () => {
    const passage = bestPassage(content, [], 70);
    expect(passage.startsWith('We ship across the US.')).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(70);
  });
});

describe('retrieve: topics, titles and kinds', () => {
  const item = (title: string, content: string, priority = 1, tags: string[] = []) => ({
    category: 'policies',
    title,
    content,
    tags,
    priority,
  });
  const SHOP = [
    item('Sofa cleaning', 'Every sofa comes with a cleaning kit.', 4),
    item('Delivery', 'Furniture is delivered within 10 working days.', 2),
    item('Refunds', 'Refunds reach your card within 7 days of the return.', 2),
    item('Returns', 'Furniture can be sent back within 60 days; refunds follow.', 5, ['refund']),
    item('Guarantee', 'Frames are guaranteed for 12 years.', 3),
    item('Lamp guarantee', 'Lamps are guaranteed for 1 year.', 3),
    item('Senior discount', 'Customers over 65 get 5% off.', 3),
    item('Financing', 'Orders over 900 can be split into 6 payments.', 2, ['cuotas', 'تقسيط']),
    item('Payment methods', 'We accept cards and bank transfer.', 4, ['pago', 'دفع']),
  ];
  const first = (message: string) => retrieve(message, { products: [], knowledge: SHOP }).knowledge[0]?.title;

  it.each([
    ['Do you ship to the islands?', 'Delivery'],
    ['¿Hacen envíos a las islas?', 'Delivery'],
    ['هل يوجد شحن إلى الجزر؟', 'Delivery'],
    ['What warranty do you give?', 'Guarantee'],
    ['¿Qué garantía tienen?', 'Guarantee'],
    ['كم مدة الضمان؟', 'Guarantee'],
  ])('a word of the topic finds the item named with another: %j → %j', (message, title) => {
    expect(first(message)).toBe(title);
  });

  it('finds an item by its tags, in any language', () => {
    expect(first('¿Puedo pagar en cuotas?')).toBe('Financing');
    expect(first('هل يمكن الدفع بالتقسيط؟')).toBe('Financing');
  });

  it('prefers the item titled with the topic over one sharing a thing’s name or only mentioning it', () => {
    expect(first('Can I return a sofa I bought last month?')).toBe('Returns');
    expect(first('How long until I get my refund?')).toBe('Refunds');
    expect(first('Can I pay for a sofa in instalments?')).toBe('Financing');
    expect(first('How can I pay?')).toBe('Payment methods');
  });

  it('prefers the title that fits the message as a whole', () => {
    expect(first('What guarantee do the lamps have?')).toBe('Lamp guarantee');
    expect(first('What guarantee do the frames have?')).toBe('Guarantee');
  });

  it('never takes an item about another kind of the thing asked for', () => {
    expect(first('Do you offer a teacher discount?')).toBeUndefined();
    expect(first('Do you have a senior discount?')).toBe('Senior discount');
    expect(first('What discounts do you have?')).toBe('Senior discount');
  });
});

describe('retrieve: a product named in another script or spelling', () => {
  const catalogue = [
    product('Samsung Galaxy Phone', 'Phones'),
    product('Laptop Stand', 'Accessories'),
    product('Basketball Hoop', 'Sports'),
    product('Strike Bowling Ball', 'Sports'),
  ];
  const found = (message: string) =>
    retrieve(message, { products: catalogue, knowledge: [] }).products.map((p) => p.name);

  it('finds a Latin name written in Arabic letters, with or without the article', () => {
    expect(found('كم سعر سامسونج؟')).toEqual(['Samsung Galaxy Phone']);
    expect(found('هل عندكم حامل اللابتوب؟')).toEqual(['Laptop Stand']);
  });

  it('finds a name from its Spanish spelling', () => {
    expect(found('¿Tienen aros de básquetbol?')).toEqual(['Basketball Hoop']);
  });

  it('ranks a product found by a written word before one found only by its sound', () => {
    expect(found('¿Tienen soportes para laptop o básquetbol?')).toEqual(['Laptop Stand', 'Basketball Hoop']);
  });

  it('never reads the packs’ own words for their sound', () => {
    // "استرجاع" (returns) sounds like "Strike", and means returns.
    expect(found('هل يمكن استرجاع المنتج؟')).toEqual([]);
  });

  it('counts a name found by its sound as found: nothing beyond the products was asked', () => {
    expect(retrieve('كم سعر سامسونج؟', { products: catalogue, knowledge: [] }).beyondProducts).toEqual([]);
  });
});
