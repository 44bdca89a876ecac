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
    expect(titles('can I return it?')[0]).toBe('Returns for sale items');
    expect(titles('ما هي سياسة الإرجاع؟')).toEqual(['سياسة الإرجاع']);
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

  it('starts at the beginning when no sentence matches, and fits the limit', () => {
    const passage = bestPassage(content, [], 70);
    expect(passage.startsWith('We ship across the US.')).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(70);
  });
});
