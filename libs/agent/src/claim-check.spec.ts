import type { Language } from '@parley/contracts';
import type { AgentContext, AgentProduct, AgentReply } from './agent-provider';
import { checkClaims, type ClaimCheckNote } from './claim-check';

function product(name: string, price: number, inStock: boolean): AgentProduct {
  return { name, price, inStock, description: '', category: 'Kettles', features: [] };
}

/** Near-duplicate names, an out-of-stock product, and Spanish and Arabic names. */
const PRODUCTS = [
  product('Aero 5 Kettle', 49, true),
  product('Aero 5 Kettle Pro', 79, false),
  product('Tetera Aero 5', 1299, true),
  product('غلاية أيرو 5', 35.5, false),
];

const CONTEXT: Pick<AgentContext, 'company' | 'knowledge' | 'products'> = {
  company: { name: 'Brew Lab', description: 'Coffee gear. Shipping is free on orders over $50.' },
  knowledge: [{ category: 'policies', title: 'Gift wrap', content: 'Gift wrap costs 4.50.', priority: 1 }],
  products: PRODUCTS,
};

function reply(response: string, language: Language = 'en'): AgentReply {
  return {
    response,
    language,
    analysis: { intent: 'pricing', urgency: 'low', lead_potential: 'medium' },
    needsHuman: false,
  };
}

describe('checkClaims', () => {
  describe('lets a reply through as it is when every claim holds', () => {
    it.each<[string, string]>([
      ['the exact price and stock', 'The Aero 5 Kettle costs $49.00 and is in stock.'],
      ['the same price written another way', 'The Aero 5 Kettle is USD 49, or 49,00 € if you prefer.'],
      [
        'the longer name with its own price',
        'The Aero 5 Kettle Pro costs $79.00 but is currently out of stock.',
      ],
      ['a comparison', 'The Aero 5 Kettle costs $49.00, while the Aero 5 Kettle Pro costs $79.00.'],
      [
        'a list',
        "Here's what we have:\n• Aero 5 Kettle: $49.00 (in stock)\n• Aero 5 Kettle Pro: $79.00 (out of stock)",
      ],
      ['Spanish thousands and decimals', 'La Tetera Aero 5 cuesta 1.299,00 € y está disponible.'],
      ['Spanish with US formatting', 'La Tetera Aero 5 cuesta $1,299.00.'],
      ['Arabic-Indic digits', 'سعر غلاية أيرو 5 هو ٣٥٫٥٠ ر.س، وهي غير متوفرة حالياً.'],
      ['an amount from the company description', 'Shipping is free on orders over $50.'],
      ['an amount from the knowledge base', 'Gift wrap costs 4.50.'],
      ['numbers that are no price', 'Returns within 30 days, we open at 9:00, and order #48213 ships today.'],
      ['a percentage', 'You get 20% off the Aero 5 Kettle.'],
      ['phone numbers', 'Call us at +1 303 555 0100 or +34 600 000 000.'],
      ['a price named by no product, held by one', 'Our kettles start at $49.'],
    ])('%s', (_case, response) => {
      const original = reply(response);
      expect(checkClaims(original, CONTEXT)).toBe(original);
    });
  });

  describe('catches a price the catalogue does not hold for the product named', () => {
    it.each<[string, string, number[]]>([
      ["the near-duplicate's price", 'The Aero 5 Kettle costs $79.00.', [79]],
      ['an invented discount', 'Today the Aero 5 Kettle is only $39.99!', [39.99]],
      ['a bare number after a price word', 'The price of the Aero 5 Kettle is 59.', [59]],
      ['a number after the name and a colon', '• Aero 5 Kettle Pro: 49', [49]],
      ['Spanish', 'La Tetera Aero 5 cuesta 1.199,00 €.', [1199]],
      ['Arabic', 'سعر غلاية أيرو 5 هو ٤٠ ريال.', [40]],
      ['no product named', 'Everything is $15 today.', [15]],
    ])('%s', (_case, response, prices) => {
      const checked = checkClaims(reply(response), CONTEXT);
      expect(checked.claimCheck).toEqual<ClaimCheckNote>({ unverifiedPrices: prices, falseStock: [] });
      for (const price of prices) expect(checked.response).not.toContain(String(price));
    });

    it('and any price at all when no product is in the context', () => {
      const checked = checkClaims(reply('The Trail Runner costs 89.9.'), { ...CONTEXT, products: [] });
      expect(checked.claimCheck?.unverifiedPrices).toEqual([89.9]);
    });
  });

  describe('catches a stock claim that contradicts the catalogue', () => {
    it.each<[string, string, string]>([
      ['in stock when it is not', 'Good news: the Aero 5 Kettle Pro is in stock!', 'Aero 5 Kettle Pro'],
      ['out of stock when it is not', 'Sorry, the Aero 5 Kettle is sold out.', 'Aero 5 Kettle'],
      [
        'the second product of a sentence',
        'The Aero 5 Kettle is in stock, and the Aero 5 Kettle Pro is available too.',
        'Aero 5 Kettle Pro',
      ],
      ['Spanish', 'La Tetera Aero 5 está agotada.', 'Tetera Aero 5'],
      ['Arabic', 'غلاية أيرو 5 متوفرة الآن.', 'غلاية أيرو 5'],
    ])('%s', (_case, response, name) => {
      expect(checkClaims(reply(response), CONTEXT).claimCheck).toEqual<ClaimCheckNote>({
        unverifiedPrices: [],
        falseStock: [name],
      });
    });
  });

  describe('takes out only the sentences that fail and says, where they stood, that the team will confirm', () => {
    it.each<[Language, string, string]>([
      [
        'en',
        'Hi Maria! The Aero 5 Kettle costs $59.00. Would you like to order one?',
        'Hi Maria! Our team will confirm the price shortly. Would you like to order one?',
      ],
      [
        'es',
        '¡Hola! La Tetera Aero 5 cuesta 999 €. La Tetera Aero 5 está agotada. ¿Algo más?',
        '¡Hola! Nuestro equipo confirmará el precio y la disponibilidad en breve. ¿Algo más?',
      ],
      ['ar', 'أهلاً! غلاية أيرو 5 متوفرة الآن. هل تود طلبه؟', 'أهلاً! سيؤكد فريقنا التوفر قريباً. هل تود طلبه؟'],
      [
        'en',
        "Here's what we have:\n• Aero 5 Kettle: $49.00 (in stock)\n• Aero 5 Kettle Pro: $49.00 (out of stock)\nWant one?",
        "Here's what we have:\n• Aero 5 Kettle: $49.00 (in stock)\nOur team will confirm the price shortly.\nWant one?",
      ],
    ])('%s: %j', (language, response, expected) => {
      const checked = checkClaims(reply(response, language), CONTEXT);
      expect(checked.response).toBe(expected);
      expect(checked.language).toBe(language);
    });
  });
});
