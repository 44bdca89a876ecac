import type { Intent, Language } from '@parley/contracts';

/**
 * The phrases the classifier looks for, per language. Written naturally (accents, hamza, ة) and normalised when
 * compiled, so "cuánto" also matches "cuanto" and "أريد" also matches "اريد". Phrases are separated by ", ";
 * words are whole words, and a trailing `*` matches any word that starts with it ("refund*" → refunds, refunded).
 */

export type CuedIntent = Exclude<Intent, 'other'>;

/** Phrases by weight: a greeting word (1) loses to any real question (2–4) in the same message. */
export type WeightedPhrases = Partial<Record<1 | 2 | 3 | 4, string>>;

export const INTENT_CUES: Record<Language, Record<CuedIntent, WeightedPhrases>> = {
  en: {
    greeting: {
      1:
        'hi, hello, hey, hiya, howdy, greetings, good morning, good afternoon, good evening, ' +
        'how are you, thanks, thank you, cheers',
    },
    product_inquiry: {
      2:
        'do you have, do you sell, do you carry, have you got, in stock, available, availability, size*, ' +
        'colour*, color*, feature*, spec*, more info*, details, catalog*, what kind, which model*, ' +
        'recommend*, looking for, difference between, made of, material, compatible, waterproof',
    },
    pricing: {
      3:
        'how much, price*, cost*, pricing, discount*, promo*, coupon*, cheap*, expensive, afford*, ' +
        'quote, on sale, deal*',
    },
    order_status: {
      3:
        "my order, order status, where is my, where's my, track*, shipped, shipment, dispatched, " +
        'delivery status, out for delivery, order number, when will it arrive, when will my, ' +
        "hasn't arrived, has not arrived, haven't received, have not received, didn't arrive, " +
        'never arrived, not arrived, not received, i ordered',
      2: 'package, parcel, arrive*',
    },
    complaint: {
      3:
        'complain*, unacceptable, terrible, awful, horrible, worst, disappointed, disappointing, angry, ' +
        'furious, broken, came off, fell apart, falling apart, ripped, torn, damaged, defective, faulty, wrong item, not happy, unhappy, ' +
        'poor service, bad service, rude, impolite, scam, ridiculous, waste of money, fed up, ' +
        'disgusting, no one answer*, nobody answer*',
      2: 'still waiting, never again',
    },
    support: {
      2:
        "help, how do i, how to, problem, issue, not working, doesn't work, does not work, " +
        "stopped working, won't, can't, cannot, error, fix, set up, setup, install*, return*, exchange, " +
        'warranty, guarantee, policy, policies, support, opening hours, hours, open, close, located, ' +
        'location, address, where are you, contact, phone number, email, shipping, deliver*, ship to, ' +
        'refund*, instalment*, installment*, financing, payment method*, pay with, pay by, account, password, log in, login, pick up, pickup, in store, ' +
        'do you accept, paypal, credit card, cash on delivery, crash*',
    },
    purchase_intent: {
      4:
        "i want to buy, i'd like to buy, i would like to buy, i want to order, i'd like to order, " +
        "i would like to order, i'll take, i will take, place an order, place my order, how can i buy, " +
        'how do i buy, how can i order, how do i order, how to order, how to buy, can i order, ' +
        "can i buy, i'll buy, i want to purchase, ready to pay, payment link, add to cart, checkout, " +
        "i want one, i'll have",
      3: 'purchase*, reserve, pre order, preorder',
      2: 'buy*',
    },
  },
  es: {
    greeting: {
      1: 'hola, buenos días, buenas tardes, buenas noches, buenas, saludos, qué tal, gracias, muchas gracias',
    },
    product_inquiry: {
      2:
        'tienen disponible, disponible*, hay stock, stock, existencias, talla*, tamaño*, color*, ' +
        'modelo*, característica*, información, más info, detalle*, catálogo, qué tipo, recomienda*, ' +
        'busco, estoy buscando, venden, vendes, es compatible, material, impermeable',
      1: 'tienen, tienes, hay',
    },
    pricing: {
      3:
        'cuánto cuesta*, cuánto vale*, cuánto sale*, cuánto es, cuánto son, precio*, costo*, coste, ' +
        'descuento*, oferta*, promoción*, cupón, barat*, caro, cara, tarifa*, cotización, presupuesto',
    },
    order_status: {
      3:
        'mi pedido, mi orden, mi compra, estado del pedido, estado de mi pedido, dónde está mi, ' +
        'seguimiento, rastreo, rastrear, número de pedido, cuándo llega*, no ha llegado, ' +
        'no me ha llegado, no llegó, no me llegó, no he recibido, hice un pedido, ya pagué',
      2: 'paquete, enviado',
    },
    complaint: {
      3:
        'queja*, reclamo*, reclamación, inaceptable, terrible, horrible, pésimo, pésima, muy mal, ' +
        'decepcion*, enojad*, enfadad*, molest*, furios*, roto, rota, dañado, dañada, ' +
        'defectuos*, equivocado, mal servicio, estafa, vergüenza, hart*, nadie responde, nadie contesta, ' +
        'grosero, grosera, maleducad*',
      2: 'sigo esperando',
    },
    support: {
      2:
        'ayuda, ayudar*, aceptan, reembolso*, cuotas, a plazos, financiación, pago contra entrega, tarjeta, paypal, cómo hago, cómo puedo, cómo se, ' +
        'problema, no funciona, error, no puedo, instalar, configurar, devoluci*, devolver, cambio, ' +
        'cambiar, garantía*, política*, soporte, horario*, a qué hora, abren, cierran, abierto, ' +
        'ubicación, dirección, dónde están, dónde queda*, contacto, teléfono, correo, envío*, envían, ' +
        'entrega*, métodos de pago, formas de pago, pagar con, mi cuenta, contraseña',
    },
    purchase_intent: {
      4:
        'quiero comprar, quisiera comprar, me gustaría comprar, quiero pedir, quiero hacer un pedido, ' +
        'hacer un pedido, quiero ordenar, cómo compro, cómo puedo comprar, cómo hago un pedido, ' +
        'cómo hago el pedido, cómo pido, me lo llevo, me la llevo, lo quiero, la quiero, los quiero, ' +
        'las quiero, quiero pagar, link de pago, enlace de pago, me interesa comprar',
      3: 'reservar, apartar',
      2: 'comprar*, compro',
    },
  },
  ar: {
    greeting: {
      1: 'مرحبا, السلام عليكم, سلام, أهلا, اهلين, هلا, صباح الخير, مساء الخير, شكرا, كيف حالك, يعطيك العافية',
    },
    product_inquiry: {
      2:
        'هل لديكم, هل عندكم, هل يوجد, متوفر*, متاح*, في المخزون, مخزون, مقاس*, حجم, أحجام, لون*, ألوان, ' +
        'مواصفات, تفاصيل, معلومات, كتالوج, أبحث عن, أنواع, موديل*, تنصحني, تنصحوني, الفرق بين, ' +
        'مقاوم للماء',
      1: 'عندكم, لديكم',
    },
    pricing: {
      3:
        'كم سعر, سعر*, أسعار*, بكم, كم ثمن, ثمن*, تكلفة, كم تكلف, كم يكلف, خصم*, تخفيض*, كوبون, رخيص, ' +
        'أرخص, غالي, عرض*',
    },
    order_status: {
      3:
        'طلبي, طلبيتي, إلغاء الطلب, ألغي, حالة الطلب, وين طلبي, أين طلبي, تتبع, رقم الطلب, شحنتي, ' +
        'متى يصل, متى سيصل, متى توصل, لم يصل, ما وصل, ما وصلني, لم يصلني, لم أستلم, ما استلمت, طلبت',
      2: 'الشحنة, الطرد, طردي',
    },
    complaint: {
      3:
        'شكوى, أشتكي, سيء, سيئة, سيئ, غير مقبول, غاضب, غاضبة, زعلان, محبط, خيبة أمل, مكسور*, تالف*, ' +
        'معيوب*, عيب, نصب, احتيال, أسوأ, لا أحد يرد, ما حد يرد, مهزلة, ' +
        'ناقص, وقح',
      2: 'ما زلت أنتظر, لازلت انتظر, لا زلت أنتظر',
    },
    support: {
      2:
        'مساعدة, سياسة, استرجاع المبلغ, استرداد, إرجاع المبلغ, تقسيط, أقساط, الدفع عند الاستلام, ساعدني, ساعدوني, مشكلة, لا يعمل, ما يشتغل, خطأ, تثبيت, ' +
        'تركيب, ضمان, استبدال, إرجاع, الدعم, ساعات العمل, مواعيد, الدوام, تفتحون, تغلقون, موقعكم, ' +
        'العنوان, وين مكانكم, أين تقعون, أين موقعكم, تواصل, رقم الهاتف, رقم التواصل, إيميل, البريد, ' +
        'توصيل, توصلون, شحن, الدفع, حسابي, كلمة المرور, كيف أستخدم, كيف أشغل, كيف أركب, كيف أغير',
    },
    purchase_intent: {
      4:
        'أريد شراء, أريد أن أشتري, أبغى أشتري, ابي اشتري, بدي اشتري, ودي اشتري, أرغب في شراء, كيف أشتري, ' +
        'كيف اشتري, كيف أطلب, أريد أن أطلب, أريد طلب, أبغى أطلب, ابي اطلب, بدي اطلب, سأشتري, سآخذ, ' +
        'رابط الدفع, أريد أن أدفع, أبغى واحد, أريد واحد',
      3: 'احجز, حجز',
      2: 'أشتري, شراء',
    },
  },
};

/** Words that make any message urgent on their own. */
export const URGENT_CUES: Record<Language, string> = {
  en: 'asap, as soon as possible, immediately, right now, right away, emergency',
  es: 'urgencia, lo antes posible, cuanto antes, inmediatamente, ya mismo, de inmediato, emergencia',
  ar: 'فورا, حالا, بسرعة, في أسرع وقت, بأسرع وقت, ضروري, طارئ',
};

/** Signs of anger; with a complaint or an order problem they make the message urgent. */
export const ANGER_CUES: Record<Language, string> = {
  en: 'angry, furious, unacceptable, ridiculous, outrageous, worst, scam, disgusting, fed up, never again',
  es: 'inaceptable, furios*, enojad*, hart*, estafa, vergüenza, pésimo, pésima, ridículo, indignad*, lo peor',
  ar: 'غاضب, غاضبة, غير مقبول, نصب, احتيال, أسوأ, مهزلة, حرام عليكم, زهقت, سيء جدا',
};

/** Something went wrong with a delivery: with an order or complaint message, urgent. */
export const ORDER_PROBLEM_CUES: Record<Language, string> = {
  en:
    "hasn't arrived, has not arrived, not arrived, never arrived, didn't arrive, not received, " +
    "haven't received, have not received, never received, late, delayed, lost, missing, wrong, damaged, " +
    'broken, still waiting',
  es:
    'no ha llegado, no me ha llegado, no llegó, no me llegó, no he recibido, retraso, retrasado, ' +
    'atrasado, perdido, equivocado, dañado, dañada, roto, rota, sigo esperando, todavía no',
  ar:
    'لم يصل, ما وصل, ما وصلني, لم يصلني, لم أستلم, ما استلمت, متأخر, تأخر, ضايع, مفقود, خطأ, غلط, تالف, ' +
    'مكسور, ناقص, لازلت انتظر, ما زلت أنتظر',
};

/** Signs of a ready buyer beyond the intent itself: quantities, business or bulk buying, asking how to buy. */
export const BUYING_CUES: Record<Language, string> = {
  en:
    'how can i buy, how do i buy, how can i order, how do i order, how to order, can i order, wholesale, ' +
    'bulk, for my company, for my business, for my shop, for my store, for my office, for my team, ' +
    'a dozen, do you deliver, can you deliver, do you ship',
  es:
    'cómo compro, cómo puedo comprar, cómo hago un pedido, cómo pido, al por mayor, mayoreo, ' +
    'para mi empresa, para mi negocio, para mi tienda, para mi oficina, una docena, hacen envíos, ' +
    'envían a',
  ar: 'كيف أشتري, كيف اشتري, كيف أطلب, بالجملة, جملة, لشركتي, لمحلي, لمكتبي, دزينة, هل توصلون, توصلون',
};

/** Units after a number ("3 units", "2 pares", "٥ قطع") mean the customer is counting what to buy. */
export const QUANTITY_UNITS =
  'unit, units, pcs, piece, pieces, pair, pairs, box, boxes, pack, packs, bottle, bottles, kg, unidad, ' +
  'unidades, pieza, piezas, par, pares, caja, cajas, paquete, paquetes, botella, botellas, قطع, قطعة, ' +
  'حبات, حبة, علب, علبة, كرتون, كيلو, أزواج, زوج';

/** Questions about the business itself ("what do you sell?", "¿a qué se dedican?", "ماذا تبيعون؟"). */
export const ABOUT_BUSINESS_CUES: Record<Language, string> = {
  en:
    'what do you sell, what do you do, what do you offer, what do you make, what does your company, ' +
    "what is your company, what's your company, what is your business, what's your business, what kind of business, " +
    'what kind of company, what kind of shop, what kind of store, tell me about you, tell me about your company, ' +
    'tell me about your business, tell me about your shop, tell me about your store, about your company, ' +
    'about your business, about your shop, about your store, who are you, who is this, what are you, ' +
    'what services, your services, what products, what can you do for me',
  es:
    'qué venden, qué vendes, qué hacen, qué haces, a qué se dedican, a qué te dedicas, qué ofrecen, qué ofreces, ' +
    'quiénes son, quién eres, quiénes somos, sobre ustedes, sobre su empresa, sobre tu empresa, sobre la empresa, ' +
    'sobre su negocio, sobre tu negocio, sobre la tienda, qué tipo de negocio, qué tipo de tienda, qué servicios, ' +
    'sus servicios, qué productos, sus productos, qué es esta empresa, qué es esta tienda',
  ar:
    'ماذا تبيعون, شو تبيعون, ايش تبيعون, وش تبيعون, ماذا تقدمون, شو تقدمون, ايش تقدمون, وش تقدمون, ماذا تعملون, ' +
    'ما هو نشاطكم, ما نشاطكم, نشاطكم, من أنتم, مين انتم, عن شركتكم, عن الشركة, عن متجركم, عن المتجر, ' +
    'ما هي خدماتكم, خدماتكم, ما هي منتجاتكم, منتجاتكم, ماذا تصنعون',
};

/** A business fact a customer may ask for: the AI configuration's fields, or any way to reach the business. */
export type FactAsked = 'openingHours' | 'address' | 'phone' | 'email' | 'website' | 'contact';

/** Questions for one business fact ("when are you open?", "¿dónde están?", "ما هو رقم الهاتف؟"). */
export const FACT_CUES: Record<Language, Record<FactAsked, string>> = {
  en: {
    openingHours:
      'opening hours, opening times, open hours, business hours, store hours, shop hours, your hours, what hours, ' +
      'working hours, when do you open, what time do you open, when are you open, are you open, open today, ' +
      'open tomorrow, open on, open until, open late, when do you close, what time do you close, closing time, ' +
      'closed on, close on, days are you open',
    address:
      'where are you, where is your shop, where is your store, where is your office, where can i find you, ' +
      'your address, shop address, store address, office address, located, your location, directions to, ' +
      'visit your, come to your shop, come to your store',
    phone: 'your phone, phone number, telephone, call you, number to call, whatsapp number, your number',
    email: 'your email, email address, email you, e mail address, mail you',
    website: 'website, web site, your site, online shop, online store',
    contact: 'contact you, how can i contact, how do i contact, reach you, get in touch',
  },
  es: {
    openingHours:
      'horario*, a qué hora abren, a qué hora cierran, cuándo abren, cuándo cierran, están abiertos, abren hoy, ' +
      'abren el, abren los, cierran el, cierran los, hora de apertura, hora de cierre, días abren',
    address:
      'dónde están, dónde queda, dónde se encuentran, dónde los encuentro, dónde te encuentro, su dirección, ' +
      'tu dirección, cuál es la dirección, dirección de la tienda, ubicación, ubicados, cómo llego, visitarlos',
    phone: 'teléfono, llamarlos, llamarles, número de contacto, su número, tu número, número de whatsapp',
    email: 'su correo, tu correo, correo electrónico, email',
    website: 'página web, sitio web, su web, tu web, tienda online, tienda en línea',
    contact: 'contactarlos, contactar con ustedes, cómo los contacto, cómo contacto, comunicarme con ustedes',
  },
  ar: {
    openingHours:
      'متى تفتحون, متى تفتح, متى تغلقون, متى تسكرون, ساعات العمل, ساعات الدوام, أوقات العمل, اوقات الدوام, ' +
      'دوامكم, مواعيد العمل, مواعيدكم, مفتوحين, هل أنتم مفتوحون, تفتحون, تغلقون',
    address:
      'أين أنتم, وين انتم, وين مكانكم, أين مكانكم, أين تقعون, أين موقعكم, وين موقعكم, عنوانكم, ما هو العنوان, ' +
      'ما العنوان, عنوان المحل, عنوان المتجر, موقع المحل, موقع المتجر, وين المحل, أين المحل, كيف أصل إليكم',
    phone: 'رقم الهاتف, رقم التلفون, رقم الجوال, رقمكم, هاتفكم, اتصل بكم, رقم التواصل, رقم الواتساب',
    email: 'إيميلكم, ايميلكم, البريد الإلكتروني, بريدكم',
    website: 'الموقع الإلكتروني, موقعكم الإلكتروني, موقع إلكتروني, رابط الموقع, المتجر الإلكتروني',
    contact: 'أتواصل معكم, التواصل معكم, كيف أتواصل, كيف أتصل بكم',
  },
};

/**
 * Topics a customer may ask about that only the owner can answer (a policy, a weight, a date, a discount): with
 * no knowledge item about them and no product, the agent says it does not know instead of answering around them.
 */
export const OWNER_ONLY_CUES: Record<Language, string> = {
  en:
    'discount*, coupon*, promo*, voucher*, code, weigh*, weight, dimension*, deliver*, ship*, return*, refund*, ' +
    'exchange*, warrant*, guarantee*, payment*, pay, installment*, instalment*, gift card*, price match, ' +
    'loyalty, membership, policy, policies, how long, how many days, when will, what date, which date',
  es:
    'descuento*, cupón*, cupon*, promoción*, código, peso, pesa, dimensiones, medidas, envío*, envia*, envía*, ' +
    'entrega*, devolución*, devoluciones, reembolso*, cambio*, garantía*, pago*, pagar, cuotas, tarjeta regalo, ' +
    'política*, cuánto tarda*, cuántos días, qué fecha, cuándo llega*',
  ar:
    'خصم, كود, كوبون, قسيمة, عرض, وزن, يزن, أبعاد, مقاس الطرد, توصيل, شحن, ترجيع, إرجاع, استرجاع, استبدال, ' +
    'ضمان, الدفع, دفع, تقسيط, أقساط, بطاقة هدية, سياسة, كم يوم, متى يصل, متى توصل',
};

/** Questions about a measure of a thing (its weight, size): never an order-status question, even about a parcel. */
export const MEASURE_CUES: Record<Language, string> = {
  en: 'weigh*, weight, dimension*, how big, how heavy, how large, measurements',
  es: 'peso, pesa, pesan, medidas, dimensiones, tamaño, cuánto mide',
  ar: 'وزن, يزن, وزنه, أبعاد, حجم, مقاس',
};
