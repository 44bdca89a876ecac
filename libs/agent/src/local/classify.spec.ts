import {
  type Intent,
  type Language,
  type LeadPotential,
  messageUrgency,
  URGENCY_LEVELS,
  type UrgencyLevel,
} from '@parley/contracts';
import { analyseMessage, refersBack } from './classify';
import { termsOf } from './retrieve';

type Row = [message: string, intent: Intent, urgency: UrgencyLevel, lead: LeadPotential];

const ENGLISH: Row[] = [
  ['Hi there!', 'greeting', 'low', 'low'],
  ['Good morning, hope you are well', 'greeting', 'low', 'low'],
  ['Do you have the Trail Runner in size 42?', 'product_inquiry', 'medium', 'medium'],
  ['Is the down jacket available in black', 'product_inquiry', 'low', 'medium'],
  ['How much is the Summit backpack?', 'pricing', 'medium', 'medium'],
  ['What does shipping cost to Canada?', 'pricing', 'medium', 'medium'],
  ['How much for 10 units of the trail runner? Need them for my team', 'pricing', 'medium', 'high'],
  ['Any discount if I buy in bulk?', 'pricing', 'medium', 'high'],
  ['Where is my order #48213? It was supposed to arrive Monday', 'order_status', 'medium', 'low'],
  ["My package still hasn't arrived and it's been two weeks!!", 'order_status', 'high', 'low'],
  ['Has my order shipped yet?', 'order_status', 'medium', 'low'],
  ['This is unacceptable. The jacket I got is torn and nobody answers my emails', 'complaint', 'high', 'low'],
  ['Very disappointed with the quality of the backpack', 'complaint', 'medium', 'low'],
  ['I want a refund, the zipper came off after one day', 'complaint', 'medium', 'low'],
  ['URGENT: wrong item delivered, I need the right one asap', 'complaint', 'high', 'low'],
  ['How do I reset my password?', 'support', 'medium', 'low'],
  // A refund or instalments asked about is a policy question, not a complaint or a product question.
  ['How long does a refund take?', 'support', 'medium', 'low'],
  ['Can I pay in instalments?', 'support', 'medium', 'low'],
  ['What is your return policy?', 'support', 'medium', 'low'],
  ['What are your opening hours on Sunday?', 'support', 'medium', 'low'],
  ['Can I pick up in store tomorrow?', 'support', 'medium', 'low'],
  ['Do you ship to Mexico?', 'support', 'medium', 'medium'],
  ['I want to buy two jackets, how can I pay?', 'purchase_intent', 'medium', 'high'],
  ["I'd like to order the Trail Runner X2 please", 'purchase_intent', 'medium', 'high'],
  ["Great, I'll take it", 'purchase_intent', 'medium', 'high'],
  ['i need 3 of the trail runners for my running club, can u do a deal?', 'pricing', 'medium', 'high'],
  ['Do you accept PayPal?', 'support', 'medium', 'low'],
  ['Your delivery guy was rude to me', 'complaint', 'medium', 'low'],
  ['lol ok', 'other', 'low', 'low'],
];

const SPANISH: Row[] = [
  ['Hola, buenas tardes', 'greeting', 'low', 'low'],
  ['¡Hola! ¿Qué tal?', 'greeting', 'medium', 'low'],
  ['¿Tienen la mochila Summit en color azul?', 'product_inquiry', 'medium', 'medium'],
  ['Busco unas botas impermeables para la nieve', 'product_inquiry', 'low', 'medium'],
  ['¿Cuánto cuesta la chaqueta Alpine?', 'pricing', 'medium', 'medium'],
  ['Precio de las zapatillas Trail Runner por favor', 'pricing', 'low', 'medium'],
  ['¿Cuánto cuestan 5 pares al por mayor? Es para mi tienda', 'pricing', 'medium', 'high'],
  ['Quiero comprar dos chaquetas, ¿cómo hago el pedido?', 'purchase_intent', 'medium', 'high'],
  ['Me gustaría comprar la mochila, ¿aceptan tarjeta?', 'purchase_intent', 'medium', 'high'],
  ['Perfecto, me la llevo', 'purchase_intent', 'medium', 'high'],
  ['¿Dónde está mi pedido? Lo hice hace una semana', 'order_status', 'medium', 'low'],
  ['Mi pedido 55123 no ha llegado todavía', 'order_status', 'high', 'low'],
  ['¿Cuándo llega mi compra?', 'order_status', 'medium', 'low'],
  ['Esto es una vergüenza, la chaqueta llegó rota y nadie responde', 'complaint', 'high', 'low'],
  ['Estoy muy decepcionado con el servicio', 'complaint', 'medium', 'low'],
  ['Quiero un reembolso, el producto vino defectuoso', 'complaint', 'medium', 'low'],
  ['Es urgente, el paquete llegó dañado!!!', 'complaint', 'high', 'low'],
  ['¿Cuál es el horario de la tienda los domingos?', 'support', 'medium', 'low'],
  ['¿Hacen envíos a Valencia?', 'support', 'medium', 'medium'],
  ['¿Cómo puedo cambiar la talla de unas zapatillas?', 'support', 'medium', 'low'],
  ['Necesito ayuda urgente con mi cuenta', 'support', 'high', 'low'],
  ['aceptan pago contra entrega?', 'support', 'medium', 'low'],
  ['¿Cuándo recibo el reembolso?', 'support', 'medium', 'low'],
  ['¿Se puede pagar en cuotas?', 'support', 'medium', 'low'],
  ['la mochila es muy cara, tienen algo mas barato?', 'pricing', 'medium', 'medium'],
  ['ok muchas gracias', 'greeting', 'low', 'low'],
];

const ARABIC: Row[] = [
  ['السلام عليكم', 'greeting', 'low', 'low'],
  ['مرحبا، كيف حالك؟', 'greeting', 'medium', 'low'],
  ['هل لديكم حقيبة Summit باللون الأسود؟', 'product_inquiry', 'medium', 'medium'],
  ['أبحث عن حذاء مقاوم للماء للمشي', 'product_inquiry', 'low', 'medium'],
  ['كم سعر الجاكيت؟', 'pricing', 'medium', 'medium'],
  ['بكم حذاء Trail Runner', 'pricing', 'low', 'medium'],
  ['كم السعر إذا أخذت ١٠ قطع بالجملة؟', 'pricing', 'medium', 'high'],
  ['أريد شراء ٣ قطع من الجاكيت', 'purchase_intent', 'medium', 'high'],
  ['أبغى أطلب حقيبة، كيف أدفع؟', 'purchase_intent', 'medium', 'high'],
  ['وين طلبي؟ صار لي أسبوع', 'order_status', 'medium', 'low'],
  ['طلبي رقم ٤٥٦٧٨ لم يصل حتى الآن', 'order_status', 'high', 'low'],
  ['متى يصل الطلب؟', 'order_status', 'medium', 'low'],
  ['خدمة سيئة جداً، المنتج وصل مكسور وهذا غير مقبول', 'complaint', 'high', 'low'],
  ['أنا محبط من جودة المنتج', 'complaint', 'medium', 'low'],
  ['أريد استرداد المبلغ، الحقيبة فيها عيب', 'complaint', 'medium', 'low'],
  ['عاجل: الطلب وصل ناقص', 'complaint', 'high', 'low'],
  ['ما هي ساعات العمل يوم الجمعة؟', 'support', 'medium', 'low'],
  ['هل توصلون إلى جدة؟', 'support', 'medium', 'medium'],
  ['عندي مشكلة في تسجيل الدخول إلى حسابي', 'support', 'low', 'low'],
  ['شكرا جزيلا', 'greeting', 'low', 'low'],
  ['هل عندكم مقاس ٤٢ من حذاء الجري؟', 'product_inquiry', 'medium', 'medium'],
  ['كيف أقدر ألغي الطلب؟', 'support', 'medium', 'low'],
  ['الموظف كان وقح جدا', 'complaint', 'medium', 'low'],
  ['تمام', 'other', 'low', 'low'],
];

const TABLES: [Language, Row[]][] = [
  ['en', ENGLISH],
  ['es', SPANISH],
  ['ar', ARABIC],
];

describe('analyseMessage', () => {
  describe.each(TABLES)('%s', (language, rows) => {
    it('has a real-looking table of at least 15 messages covering every intent but "other"', () => {
      expect(rows.length).toBeGreaterThanOrEqual(15);
      for (const intent of [
        'greeting',
        'product_inquiry',
        'pricing',
        'order_status',
        'complaint',
        'support',
        'purchase_intent',
      ]) {
        expect(rows.map(([, i]) => i)).toContain(intent);
      }
    });

    it.each(rows)('%j → %s, urgency %s, lead %s', (message, intent, urgency, lead) => {
      expect(analyseMessage(message, language, false)).toEqual({ intent, urgency, lead_potential: lead });
    });

    it.each(rows)('never rates %j below the spec urgency heuristic', (message) => {
      const { urgency } = analyseMessage(message, language, false);
      expect(URGENCY_LEVELS.indexOf(urgency)).toBeGreaterThanOrEqual(
        URGENCY_LEVELS.indexOf(messageUrgency(message)),
      );
    });
  });

  it('folds accents, Arabic letter variants and diacritics before matching', () => {
    expect(analyseMessage('CUANTO CUESTA la chaqueta', 'es', false).intent).toBe('pricing');
    expect(analyseMessage('كَمْ سِعْرُ الجـــاكيت', 'ar', false).intent).toBe('pricing');
    expect(analyseMessage('اريد شراء حقيبة', 'ar', false).intent).toBe('purchase_intent');
  });

  // Class: a policy question (return, refund, exchange, cancel) that names the customer's order asks about the
  // policy, not where the order is; a question about the order's whereabouts is still order status.
  it.each<[Language, string, string]>([
    ['en', 'Can I return my order?', 'support'],
    ['en', 'How do I cancel my order?', 'support'],
    ['en', 'Could I exchange it for another size?', 'support'],
    ['en', 'Can you gift wrap my order?', 'support'],
    ['es', '¿Pueden envolver mi pedido para regalo?', 'support'],
    ['es', '¿Puedo devolver mi pedido?', 'support'],
    ['es', 'Quiero cancelar mi compra', 'support'],
    ['ar', 'هل يمكنني إرجاع طلبي؟', 'support'],
    ['ar', 'كيف ألغي طلبي؟', 'support'],
    ['en', 'Where is my order?', 'order_status'],
    ['en', 'Any news on my order?', 'order_status'],
    ['es', '¿Alguna novedad de mi pedido?', 'order_status'],
    ['ar', 'في جديد عن طلبي؟', 'order_status'],
    ['en', "My order hasn't arrived yet", 'order_status'],
    ['es', '¿Dónde está mi pedido?', 'order_status'],
    ['es', 'Mi pedido no ha llegado', 'order_status'],
    ['ar', 'أين طلبي؟', 'order_status'],
    ['ar', 'طلبي لم يصل', 'order_status'],
  ])('%s: %j asks about %s', (language, message, intent) => {
    expect(analyseMessage(message, language, false).intent).toBe(intent);
  });

  it('treats a message that only names a catalogue product as a product inquiry', () => {
    expect(analyseMessage('Trail Runner X2', 'en', false).intent).toBe('other');
    expect(analyseMessage('Trail Runner X2', 'en', true).intent).toBe('product_inquiry');
    expect(analyseMessage('Hola! Trail Runner X2', 'es', true).intent).toBe('product_inquiry');
    expect(analyseMessage('How much is the Trail Runner X2?', 'en', true).intent).toBe('pricing');
  });
});

describe('refersBack', () => {
  it.each([
    ['How much is it?', true],
    ["OK, I'll take 2", true],
    ['¿Cuánto cuesta?', true],
    ['كم سعره؟', true],
    ['Do you sell tents?', false],
    ['How much is shipping?', false],
    ['¿Tienen mochilas?', false],
  ])('%j → %s', (message, expected) => {
    expect(refersBack(termsOf(message))).toBe(expected);
  });
});
