import { digestSentence, substitute } from './restate';

describe('digestSentence: a passage’s facts in another language, never invented', () => {
  it.each([
    ['Unopened packaged goods can be returned within 7 days with the receipt.', 'en', 'es', 'sin usar, devolución, en un plazo de 7 días, ticket'],
    ['Delivery costs £3.50 and is free for orders over £40.', 'en', 'ar', 'الشحن, السعر, £3.50, مجاني, الطلبات, أكثر من £40'],
    ['We accept cash, Visa, Mastercard and Apple Pay.', 'en', 'es', 'efectivo, Visa, Mastercard, Apple Pay'],
    ['Cancellations made 48 hours before pickup get a full refund.', 'en', 'es', 'cancelación, 48 horas, recogida, completo, reembolso'],
    ['Enviamos a Canarias con Correos Express en 4 días laborables.', 'es', 'en', 'shipping, to Canarias, Correos Express, 4 working days'],
    ['نوصل الطلبات إلى الرياض خلال 3 أيام عمل.', 'ar', 'en', 'shipping, orders, within 3 working days'],
  ] as const)('%j (%s → %s)', (sentence, from, to, digest) => {
    expect(digestSentence(sentence, from, to)).toBe(digest);
  });
});

describe('substitute: a business fact with the words the vocabulary knows said in another language', () => {
  it.each([
    ['Tuesday to Sunday 07:00–15:00, closed on Mondays', 'es', 'martes a domingo 07:00–15:00, cerrado los lunes'],
    ['Tuesday to Sunday 07:00–15:00, closed on Mondays', 'ar', 'الثلاثاء إلى الأحد 07:00–15:00, مغلق يوم الاثنين'],
  ] as const)('%j → %s', (text, to, said) => {
    expect(substitute(text, 'en', to)).toBe(said);
  });
});
