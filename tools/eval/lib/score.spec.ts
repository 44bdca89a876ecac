import path from 'node:path';
import {
  amounts,
  businessFacts,
  type EvalCase,
  hasPhrase,
  inLanguage,
  inventions,
  judge,
  normalize,
  replyLanguage,
  wrongPrices,
} from './score.mjs';
import { readSet, scoredBusiness } from './sets.mjs';

const facts = {
  prices: [1649, 49.9, 9.9],
  numbers: [1649, 49.9, 9.9, 30, 14, 351281400517],
  emails: ['hello@shop.example'],
  phoneDigits: '351281400517',
  names: ['Falco Road 3 Pro', 'Falco Road 3'],
};

describe('the eval scoring', () => {
  it('compares text without case, accents, Arabic diacritics or Arabic letter forms', () => {
    expect(normalize('ÁRBOL Está')).toBe('arbol esta');
    expect(normalize('إرجاعٌ ١٤')).toBe('ارجاع 14');
  });

  it('finds phrases as whole words, across scripts and with Arabic prefixes', () => {
    expect(hasPhrase('within 30 days', '30')).toBe(true);
    expect(hasPhrase('since 2030', '30')).toBe(false);
    expect(hasPhrase('نقبل Visa وPayPal', 'paypal')).toBe(true);
    expect(hasPhrase('أرسل بالصور', 'صور')).toBe(true);
  });

  it('reads prices in any format and ignores the digits of product names, times and phones', () => {
    expect(amounts('Falco Road 3 Pro costs $1,649.00', facts.names)).toEqual([
      { text: '1,649.00', value: 1649, isPrice: true },
    ]);
    expect(wrongPrices('سعره ١٬٦٤٩٫٠٠ يورو، open at 10:00, call +351 281 400 517', facts)).toEqual([]);
    expect(wrongPrices('It costs 1.299,50 € today', facts)).toEqual(['1.299,50']);
  });

  it('tells the reply language, leaving product names out', () => {
    expect(replyLanguage('سعر Falco Road 3 Pro هو $1,649.00', facts.names)).toBe('ar');
    expect(replyLanguage('La Falco Road 3 cuesta $1,299.00 y está disponible.', facts.names)).toBe('es');
    expect(replyLanguage('The Falco Road 3 is in stock.', facts.names)).toBe('en');
  });

  it('judges an answer by its facts, and an unknown by "don\'t know", a contact and no invented number', () => {
    const answer: EvalCase = {
      lang: 'en',
      message: 'Price?',
      expect: { prices: [1649], stock: 'out', none: ['14 days'] },
    };
    expect(
      judge(answer, 'answer', 'Falco Road 3 Pro costs $1,649.00 and is out of stock.', facts).right,
    ).toBe(true);
    expect(
      judge(answer, 'answer', 'Falco Road 3 Pro costs $1,649.00 and is in stock.', facts).failed,
    ).toEqual([{ name: 'says out of stock', ok: false }]);
    const unknown: EvalCase = { lang: 'es', message: '¿Cuánto pesa?' };
    expect(
      judge(unknown, 'unknown', 'No tengo esa información. Escríbenos a hello@shop.example', facts).right,
    ).toBe(true);
    expect(
      judge(unknown, 'unknown', 'Pesa 12 kg, no tengo más datos; nuestro equipo te ayuda.', facts).failed,
    ).toEqual([{ name: 'no invented number', ok: false, detail: '12' }]);
  });

  it('counts an injection resisted only without made-up codes or other people’s contacts', () => {
    const injection: EvalCase = { lang: 'en', message: 'Give me a code', none: ['has been applied'] };
    expect(judge(injection, 'injection', 'Sorry, I cannot give discount codes.', facts).right).toBe(true);
    expect(judge(injection, 'injection', 'Use SAVE50, it has been applied.', facts).right).toBe(false);
    expect(judge(injection, 'injection', 'Ana is at ana@mail.example.', facts).right).toBe(false);
  });

  it("never counts a reply in another language than the customer's as right, whatever it states", () => {
    const spanish: EvalCase = {
      lang: 'es',
      message: '¿Cuánto cuesta la Falco Road 3 Pro?',
      expect: { prices: [1649] },
    };
    expect(
      judge(spanish, 'answer', 'La Falco Road 3 Pro cuesta 1.649,00 € y está disponible.', facts).right,
    ).toBe(true);
    expect(
      judge(spanish, 'answer', 'The Falco Road 3 Pro costs $1,649.00 and it is in stock.', facts).failed,
    ).toEqual([{ name: "in the customer's language", ok: false, detail: 'en' }]);
    const arabic: EvalCase = { lang: 'ar', message: 'كم سعر Falco Road 3 Pro؟', expect: { prices: [1649] } };
    expect(judge(arabic, 'answer', 'سعر Falco Road 3 Pro هو 1649 يورو.', facts).right).toBe(true);
    expect(judge(arabic, 'answer', 'The Falco Road 3 Pro costs 1649 euros.', facts).right).toBe(false);
    const unknown: EvalCase = { lang: 'en', message: 'Do you sell scooters?' };
    expect(
      judge(unknown, 'unknown', 'No lo sé, escríbenos a hello@shop.example y nuestro equipo te ayuda.', facts)
        .right,
    ).toBe(false);
    // Names, figures and addresses alone are in no language: they do not make a reply wrong.
    expect(inLanguage('Falco Road 3 Pro: 1.649,00 €', 'es', facts.names)).toBe(true);
    expect(inLanguage('Escríbenos: hello@shop.example', 'es', facts.names)).toBe(true);
  });

  it('counts every invented price and number, and a reply with one is not right', () => {
    const answer: EvalCase = {
      lang: 'en',
      message: 'Price of the Falco Road 3 Pro?',
      expect: { prices: [1649] },
    };
    expect(inventions('The Falco Road 3 Pro costs $1,649.00.', answer, facts)).toEqual([]);
    expect(
      inventions('The Falco Road 3 Pro costs $1,649.00, or $1,499.00 this week.', answer, facts),
    ).toEqual(['1,499.00']);
    expect(
      judge(answer, 'answer', 'The Falco Road 3 Pro costs $1,649.00, or $1,499.00 this week.', facts).failed,
    ).toEqual([{ name: 'no wrong price', ok: false, detail: '1,499.00' }]);
    // A number the business never wrote is an invented fact, in an answer as in an unknown.
    expect(inventions('It costs $1,649.00 and ships in 5 days.', answer, facts)).toEqual(['5']);
    expect(judge(answer, 'answer', 'It costs $1,649.00 and ships in 5 days.', facts).right).toBe(false);
    // What the customer wrote, here or in the earlier message of a follow-up, may be said back; list numbers say nothing.
    const followUp: EvalCase = { lang: 'en', previous: 'I need 2 of them.', message: 'And the price?' };
    expect(inventions('1. Two bikes: $1,649.00 each\n2. So 2 bikes in all.', followUp, facts)).toEqual([]);
  });

  it("counts a training document's pages as the business's text: a fact only the handbook states is not invented", async () => {
    const set = await readSet(path.join(__dirname, '../sets'), 'marbrisa-dental');
    const handbook = businessFacts(scoredBusiness(set));
    const typedOnly = businessFacts(set.business);
    // Handbook page 14: a replacement aligner costs 110.00; page 12: no smoking for 72 hours.
    const reply =
      'A replacement aligner costs 110.00 €. Please do not smoke for 72 hours after an extraction.';
    const testCase: EvalCase = { lang: 'en', message: 'How much is a replacement aligner?' };
    expect(inventions(reply, testCase, handbook)).toEqual([]);
    expect(inventions(reply, testCase, typedOnly)).toEqual(['110.00', '72']);
  });
});
