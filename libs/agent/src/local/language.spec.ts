import type { Language } from '@parley/contracts';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it.each<[string, Language]>([
    ['Hello, how much is this?', 'en'],
    ['Where is my order', 'en'],
    ['I need help with my account', 'en'],
    ['Do you have the Piña Colada mix?', 'en'],
    ['Hola, ¿cuánto cuesta?', 'es'],
    ['precio?', 'es'],
    ['Gracias!', 'es'],
    ['Quiero comprar la Trail Runner X2', 'es'],
    ['El pedido no llegó', 'es'],
    ['¿Tienen envíos a Madrid?', 'es'],
    ['mi pedido no ha llegado', 'es'],
    ['aceptan pago contra entrega?', 'es'],
    ['مرحبا', 'ar'],
    ['كم سعر iPhone 15 Pro Max؟', 'ar'],
    ['السلام عليكم، هل لديكم توصيل؟', 'ar'],
    ['ok', 'en'],
    ['', 'en'],
  ])('%j → %s', (message, language) => {
    expect(detectLanguage(message)).toBe(language);
  });

  it('takes the latest earlier message with a sign of its language when the message has none', () => {
    expect(detectLanguage('ok', ['Hello', 'Hola, ¿tienen chaquetas?'])).toBe('es');
    expect(detectLanguage('👍', ['Hola', 'مرحبا'])).toBe('ar');
    expect(detectLanguage('#4521', ['?', '!!'])).toBe('en');
    expect(detectLanguage('thanks', ['Hola, ¿tienen chaquetas?'])).toBe('en');
  });
});
