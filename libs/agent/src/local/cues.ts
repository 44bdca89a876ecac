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
        'recommend*, looking for, difference between, made of, material, compatible, waterproof, ' +
        'do you offer, do you do, do you provide',
    },
    pricing: {
      3:
        'how much, price*, cost*, pricing, discount*, promo*, coupon*, cheap*, expensive, afford*, ' +
        'quote, on sale, deal*',
    },
    order_status: {
      3:
        "order status, where is my, where's my, track*, shipped, shipment, dispatched, " +
        'delivery status, out for delivery, order number, when will it arrive, when will my, ' +
        "hasn't arrived, has not arrived, haven't received, have not received, didn't arrive, " +
        'never arrived, not arrived, not received, any news, any update*, an update on',
      2: 'package, parcel, arrive*',
      // Naming the order is context, not a request ("Can I return my order?" asks about returns, "Can you gift
      // wrap my order?" about a service): it weighs like a greeting.
      1: 'my order, i ordered',
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
        "stopped working, won't, can't, cannot, error, fix, set up, setup, install*, " +
        'policy, policies, support, opening hours, hours, open, close, located, ' +
        'location, address, where are you, contact, phone number, email, shipping, deliver*, ship to, ' +
        'instalment*, installment*, financing, payment method*, pay with, pay by, account, password, log in, login, pick up, pickup, in store, ' +
        'do you accept, paypal, credit card, cash on delivery, crash*, reschedule',
      // Policy actions (returning, refunding, exchanging, cancelling) ask about the policy even when they name the
      // order ("Can I return my order?"); then visiting the business: getting there, parking, arriving, what to bring.
      3:
        'return*, refund*, exchange*, warranty, guarantee, cancel*, parking, car park, where can i park, how early, arrive early, get there early, what should i bring, ' +
        'what do i bring, what to bring, do i need to bring, how do i get there, how to get there, ' +
        'how do i get to, public transport, wheelchair, accessible, my records, your records, keep my',
    },
    purchase_intent: {
      4:
        "i want to buy, i'd like to buy, i would like to buy, i want to order, i'd like to order, " +
        "i would like to order, i'll take, i will take, place an order, place my order, how can i buy, " +
        'how do i buy, how can i order, how do i order, how to order, how to buy, can i order, ' +
        "can i buy, i'll buy, i want to purchase, ready to pay, payment link, add to cart, checkout, " +
        "i want one, i'll have, i want to book, i'd like to book, i would like to book, book me in, " +
        'make an appointment, make a booking, book an appointment',
      3: 'purchase*, reserve, pre order, preorder, book a, book an, can i book',
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
        'estado del pedido, estado de mi pedido, dónde está mi, ' +
        'seguimiento, rastreo, rastrear, número de pedido, cuándo llega*, no ha llegado, ' +
        'no me ha llegado, no llegó, no me llegó, no he recibido, ya pagué, alguna novedad, novedades de',
      2: 'paquete, enviado',
      1: 'mi pedido, mi orden, mi compra, hice un pedido',
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
        'ayuda, ayudar*, aceptan, cuotas, a plazos, financiación, pago contra entrega, tarjeta, paypal, cómo hago, cómo puedo, cómo se, ' +
        'problema, no funciona, error, no puedo, instalar, configurar, ' +
        'política*, soporte, horario*, a qué hora, abren, cierran, abierto, ' +
        'ubicación, dirección, dónde están, dónde queda*, contacto, teléfono, correo, envío*, envían, ' +
        'entrega*, métodos de pago, formas de pago, pagar con, mi cuenta, contraseña, antelación',
      3:
        'reembolso*, devoluci*, devolver, cambio, cambiar, garantía*, cancelar, cancelación, anular, aparcamiento, aparcar, estacionamiento, estacionar, parking, llegar antes, con cuánta antelación llego, ' +
        'qué debo traer, qué tengo que traer, qué hay que traer, qué llevo, cómo llego, cómo llegar, transporte público, ' +
        'silla de ruedas, accesible, mi historial, mis datos',
    },
    purchase_intent: {
      4:
        'quiero comprar, quisiera comprar, me gustaría comprar, quiero pedir, quiero hacer un pedido, ' +
        'hacer un pedido, quiero ordenar, cómo compro, cómo puedo comprar, cómo hago un pedido, ' +
        'cómo hago el pedido, cómo pido, me lo llevo, me la llevo, lo quiero, la quiero, los quiero, ' +
        'las quiero, quiero pagar, link de pago, enlace de pago, me interesa comprar, quiero reservar, ' +
        'quisiera reservar, pedir cita, pedir una cita, reservar una cita, quiero una cita',
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
        'حالة الطلب, وين طلبي, أين طلبي, تتبع, رقم الطلب, شحنتي, ' +
        'متى يصل, متى سيصل, متى توصل, لم يصل, ما وصل, ما وصلني, لم يصلني, لم أستلم, ما استلمت, أي جديد, في جديد',
      2: 'الشحنة, الطرد, طردي',
      1: 'طلبي, طلبيتي, طلبت',
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
        'مساعدة, سياسة, تقسيط, أقساط, الدفع عند الاستلام, ساعدني, ساعدوني, مشكلة, لا يعمل, ما يشتغل, خطأ, تثبيت, ' +
        'تركيب, الدعم, ساعات العمل, مواعيد, الدوام, تفتحون, تغلقون, موقعكم, ' +
        'العنوان, وين مكانكم, أين تقعون, أين موقعكم, تواصل, رقم الهاتف, رقم التواصل, إيميل, البريد, ' +
        'توصيل, توصلون, شحن, الدفع, حسابي, كلمة المرور, كيف أستخدم, كيف أشغل, كيف أركب, كيف أغير',
      3:
        'استرجاع المبلغ, استرداد, إرجاع المبلغ, ضمان, استبدال, إرجاع, إلغاء الحجز, إلغاء الموعد, إلغاء الطلب, إلغاء, ألغي, موقف, مواقف, موقف سيارات, أين أركن, ماذا أحضر, ماذا أجلب, ماذا يجب أن أحضر, كيف أصل, قبل الموعد بكم, ' +
        'كرسي متحرك, سجلاتي, ملفي',
    },
    purchase_intent: {
      4:
        'أريد شراء, أريد أن أشتري, أبغى أشتري, ابي اشتري, بدي اشتري, ودي اشتري, أرغب في شراء, كيف أشتري, ' +
        'كيف اشتري, كيف أطلب, أريد أن أطلب, أريد طلب, أبغى أطلب, ابي اطلب, بدي اطلب, سأشتري, سآخذ, ' +
        'رابط الدفع, أريد أن أدفع, أبغى واحد, أريد واحد, أريد حجز, أريد أن أحجز, ابي احجز, بدي احجز, أبغى أحجز',
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

/** A customer asking for a person ("can I talk to someone?", "¿puedo hablar con alguien?", "أريد التحدث مع موظف"). */
export const PERSON_CUES: Record<Language, string> = {
  en:
    'real person, a person, a human, human being, talk to someone, speak to someone, talk to somebody, ' +
    'speak to somebody, talk to a person, speak to a person, someone from your team, staff member, ' +
    'customer service agent, live agent, an agent, the manager, your manager, call me back, not a bot, ' +
    'are you a bot, stop the bot',
  es:
    'hablar con alguien, hablar con una persona, persona real, un humano, una persona de verdad, ' +
    'hablar con un agente, un agente, hablar con el encargado, el encargado, el gerente, atención al cliente, ' +
    'alguien del equipo, que me llamen, no eres un bot, eres un bot, eres un robot',
  ar:
    'التحدث مع موظف, أتحدث مع موظف, اتكلم مع موظف, أكلم موظف, موظف حقيقي, شخص حقيقي, إنسان, ' +
    'التحدث مع شخص, أتحدث مع شخص, خدمة العملاء, المدير, مسؤول, أحد من الفريق, اتصلوا بي, أنت روبوت, هل أنت بوت',
};

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

/**
 * "Where is…" and "how do I get to…": with a noun for the business's place (vocabulary PREMISES: "where is the
 * clinic?", "¿dónde está el taller?", "أين الصالون؟") they ask for the address.
 */
export const WHERE_CUES: Record<Language, string> = {
  en: "where is, where are, where's, whereabouts, how do i get to, how can i get to, how to get to, how do i find",
  es: 'dónde está, dónde están, dónde queda, dónde se encuentra, cómo llego, cómo llegar, cómo encuentro',
  ar: 'أين, وين, كيف أصل, كيف اصل, كيف أجد',
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

/**
 * How owners mark a note to themselves or their staff in the company description (company-description.ts). The
 * lists use the phrase syntax above, plus `…` for up to two other words ("do not … share" also finds "do not ever
 * share", "no … compartas" finds "no se lo compartas"). A sentence is a note when it holds a secrecy phrase or a
 * secret, or an insider word together with a sensitive one; see `splitDescription`.
 */
export interface PrivateNoteCues {
  /** Said before a colon or a spaced dash at the start of a line or sentence, they label what follows as a note. */
  labels: string;
  /** Words that make a sentence a note when they start it, colon or not ("Internal margin is 40%."). */
  noteStarts: string;
  /** Anywhere in a sentence, they make it a note: warnings and imperatives of secrecy ("never mention"). */
  secrecy: string;
  /** Things that are never for customers, wherever they are named (a password, the profit margin). */
  secrets: string;
  /** Who a note is for, or that it is hidden (staff, internal, secret): a note beside a {@link sensitive} word. */
  insiders: string;
  /** Things a reply could give away (a code, a price, a login): a note beside an {@link insiders} word. */
  sensitive: string;
  /** Words a short warning may hold besides its warning and still be about the sentence before ("Don't share this"). */
  pointBack: string;
  /** Words that make a warning a heading over everything after it ("The following is confidential"). */
  pointForward: string;
  /**
   * A sentence that promises customers their own data is safe ("we never share your details") is no note, whatever
   * secrecy phrase it holds.
   */
  privacyPromises: string;
  /**
   * A sentence that names everyone as its audience ("free wifi for guests", "anyone can use code …") shares a
   * secret or an insider's code on purpose: it is no note unless it also holds a secrecy phrase.
   */
  publicAudience: string;
  /** Words that, inside a `…` gap, undo a secrecy phrase ("do not hesitate to share", "no olvides mencionar"). */
  notSecrecy: string;
}

export const PRIVATE_NOTE_CUES: Record<Language, PrivateNoteCues> = {
  en: {
    labels:
      'internal, internal note, internal notes, internal info, internal information, internal use, internal use only, ' +
      'internal only, note, notes, note to self, notes to self, nb, n b, todo, fixme, memo, reminder, private, ' +
      'private note, private notes, confidential, secret, staff, staff only, staff note, staff notes, for staff, ' +
      'for staff only, for employees, employees only, admin, owner only, not for customers, not for the customers, ' +
      "do not share, don't share, off the record",
    noteStarts: 'internal, confidential',
    secrecy:
      "do not … share, don't … share, dont … share, never … share, do not … tell, don't … tell, dont … tell, " +
      "never … tell, do not … mention, don't … mention, dont … mention, never … mention, do not … reveal, " +
      "don't … reveal, never … reveal, do not … disclose, don't … disclose, never … disclose, do not … give out, " +
      "don't … give out, never … give out, do not say, don't say, do not … publish, don't … publish, " +
      "do not … advertise, don't … advertise, never … advertise, do not let … know, don't let … know, " +
      'keep … … private, keep … … secret, keep … … confidential, keep … … internal, keep … … to yourself, ' +
      'keep … … between us, keep … … quiet, keep … … hidden, keep … … under wraps, just between us, ' +
      'only between us, between us only, strictly between us, stays between us, between you and me, ' +
      'not for customers, not for the customers, not for the public, not for public, not public, ' +
      'not to be shared, not to be disclosed, not to be mentioned, not to be given, must not be shared, ' +
      "should not be shared, shouldn't be shared, must not be mentioned, must not know, should not know, " +
      "shouldn't know, mustn't know, customers don't know, only if … asks, only if … ask, only share, " +
      'only mention, only tell, only reveal, unadvertised, not advertised, confidential, internal only, ' +
      'internal use, internal note, internal notes, internal info, for internal, staff only, for staff only, ' +
      'employees only, for employees only, staff use only, owner only, for your eyes only, off the record, ' +
      'hush hush, top secret, keep it secret, is secret, is a secret, are secret, private note, private notes, ' +
      'private info, private information, not … announced, not yet public, not public yet, under embargo, ' +
      'embargoed, stay between us, remain between us, between ourselves',
    secrets:
      'password*, passcode*, passphrase, alarm code*, safe combination, safe code, door code*, gate code*, lockbox, ' +
      'key code, pin code, pin number, login details, login credentials, admin login, bank details, iban, ' +
      'profit margin*, our margin*, margin on, margins on, markup*, mark up, cost price*, buying price, buy price, ' +
      'purchase price, wholesale price*, wholesale cost*, supplier price*, supplier cost*, my personal, ' +
      'personal number, personal phone, personal mobile, personal cell, personal email, private number, ' +
      'private phone, private mobile, private email, private line, home address, home number',
    insiders:
      'staff, staffer*, employee*, internal*, insider*, secret*, colleague*, friends and family, ' +
      'family and friends, back office, undisclosed',
    sensitive:
      'code*, coupon*, discount*, promo*, voucher*, price*, pricing, rate, rates, cost, costs, margin*, ' +
      'supplier*, salary, salaries, wage*, commission*, bonus*, account, accounts, bank, card, cards, key, keys, ' +
      'combination, pin, wifi, wi fi, login*',
    pointBack:
      'this, that, it, these, those, above, info, information, details, customers, customer, clients, client, ' +
      'anyone, anybody, public, with, to, the, about, please, any, one, ever, again, online',
    pointForward:
      'following, below, from here on, from here, from now on, after this line, below this line, everything below, ' +
      'the rest',
    privacyPromises:
      'your data, your details, your information, your info, your personal, your privacy, your password, ' +
      'your card, your account, your email, your number, customer data, customers data, customer information, ' +
      'personal data, third parties, third party',
    publicAudience:
      'for everyone, for everybody, for all customers, for all our customers, for customers, for guests, ' +
      'for all guests, for visitors, for our guests, anyone can, anyone else, everyone can, every customer, ' +
      'all customers, feel free to share, share it with, free wifi, free wi fi',
    notSecrecy: 'hesitate, forget, fail',
  },
  es: {
    labels:
      'nota, notas, nota interna, notas internas, interno, interna, uso interno, privado, privada, nota privada, ' +
      'confidencial, secreto, pendiente, recordatorio, solo personal, solo para personal, solo para el personal, ' +
      'para el personal, solo empleados, solo para empleados, para empleados, no compartir, no para clientes',
    noteStarts: 'interno, interna, confidencial',
    secrecy:
      'no … compartir, no … compartas, no … comparta, no … compartan, no … digas, no … diga, no … decir, ' +
      'no … menciones, no … mencione, no … mencionar, no … reveles, no … revele, no … revelar, no … divulgues, ' +
      'no … divulgar, no … comentes, no … comentar, no … cuentes, no … contar, no … publiques, no … publicar, ' +
      'no … des, no … dar, no … ofrezcas, no … ofrecer, nunca … compartas, nunca … digas, nunca … menciones, ' +
      'nunca … reveles, nunca … des, nunca … ofrezcas, nunca … compartir, nunca … mencionar, no se debe, ' +
      'no debe saberse, no deben saber, no pueden saber, que no se entere, que no se enteren, no es público, ' +
      'no es para clientes, no para clientes, no para el público, no apto para clientes, mantener … en secreto, ' +
      'mantén … en secreto, mantenlo en secreto, guardar … en secreto, guarda … en secreto, en secreto, ' +
      'es secreto, es secreta, mantener … privado, mantén … privado, mantenlo privado, solo entre nosotros, ' +
      'queda entre nosotros, solo si … pide, solo si … piden, solo darlo, confidencial, uso interno, ' +
      'nota interna, notas internas, información interna, dato interno, solo personal, solo para el personal, ' +
      'solo para personal, solo empleados, solo para empleados, no anunciado, no publicado, información privada, ' +
      'nota privada, dato privado, no … digáis, no … digan, no … compartáis, no … mencionéis, no … mencionen, ' +
      'no … reveléis, no … revelen, no … contéis, no … cuenten, no … deis, no … den, no … comentéis, ' +
      'no … comenten, no … publiquéis, no … divulguéis, no … divulguen, nunca … digáis, nunca … digan, ' +
      'nunca … mencionéis, nunca … mencionen, nunca … compartáis, nunca … compartan, no … anunciado, ' +
      'no … anunciada, no … anunciados, aún no es público, todavía no es público, qued* entre nosotros, ' +
      'entre nosotros nada más',
    secrets:
      'contraseña*, clave del wifi, clave de acceso, código de la alarma, código de alarma, ' +
      'combinación de la caja, código de la puerta, margen de beneficio, margen de ganancia, nuestro margen, ' +
      'precio de costo, precio de coste, precio de compra, costo real, coste real, datos bancarios, ' +
      'mi número personal, número personal, teléfono personal, móvil personal, correo personal, número privado, ' +
      'teléfono privado',
    insiders:
      'el personal, del personal, al personal, para personal, empleado*, trabajador*, interno*, interna*, ' +
      'secreto*, secreta*, colega*, compañeros, amigos y familia, familia y amigos',
    sensitive:
      'código*, cupón*, descuento*, promo*, promoción*, precio*, tarifa*, costo*, coste*, margen*, ' +
      'proveedor*, salario*, sueldo*, comisión*, banco, tarjeta*, llave*, caja fuerte, pin, wifi',
    pointBack:
      'esto, eso, esta, este, lo, la, los, las, le, les, se, nada, a, al, con, clientes, cliente, nadie, nunca, ' +
      'por favor, el, de, del, información, dato, datos, público',
    pointForward: 'lo siguiente, siguiente, siguientes, continuación, debajo, abajo, de aquí en adelante',
    privacyPromises:
      'tus datos, sus datos, tu información, su información, tu privacidad, su privacidad, datos personales, ' +
      'tu contraseña, su contraseña, terceros',
    publicAudience:
      'para todos, para todo el mundo, para todos los clientes, para clientes, para huéspedes, para los huéspedes, ' +
      'para visitantes, cualquiera puede, cualquier cliente, todos los clientes, wifi gratis, wifi gratuito',
    notSecrecy: 'dudes, dude, duden, olvides, olvide, olviden, tardes',
  },
  ar: {
    labels:
      'ملاحظة, ملاحظات, ملاحظة داخلية, ملاحظات داخلية, داخلي, سري, خاص, للموظفين, للموظفين فقط, ' +
      'للاستخدام الداخلي, لا تشارك, تذكير, ملاحظة خاصة',
    noteStarts: 'داخلي, سري',
    secrecy:
      'لا … تشارك*, لا … تخبر*, لا … تذكر*, لا تقل للعملاء, لا تقل لأحد, لا … تعط*, لا … تفصح*, ' +
      'لا … تكشف*, لا … تنشر*, لا … تعلن*, لا … تبوح*, ممنوع ذكر*, ممنوع مشارك*, ممنوع إعطاء*, ' +
      'ممنوع نشر*, ممنوع الإفصاح, يمنع ذكر*, يمنع مشارك*, لا يجب ذكر*, لا يجب مشارك*, لا ينبغي ذكر*, ' +
      'لا يجوز ذكر*, لا يعرف* العملاء, ليس للعملاء, ليست للعملاء, غير مخصص للعملاء, بيننا فقط, سري, سرية, ' +
      'للموظفين فقط, للاستخدام الداخلي, ملاحظة داخلية, معلومة داخلية, معلومات داخلية, داخلي فقط, ' +
      'خاص بالموظفين, خاص بالفريق, خاص بالإدارة, أبق* … سرا, احتفظ* … سرا, اجعل* … سرا, اجعل* … سريا, ' +
      'فقط إذا طلب*, فقط عند الطلب, خلي* بيننا, خليها بيننا, يبقى بيننا, تبقى بيننا, يظل بيننا, ' +
      'أبق* … بيننا, اجعل* … بيننا, لم يعلن* بعد, لم يتم الإعلان, غير معلن*',
    secrets:
      'كلمة السر, كلمة المرور, الباسورد, رمز الدخول, رمز الإنذار, كود الإنذار, رمز الخزنة, هامش الربح, ' +
      'سعر التكلفة, سعر الشراء, تكلفتنا, رقمي الشخصي, الرقم الشخصي, هاتفي الشخصي, جوالي الشخصي, ' +
      'بريدي الشخصي, الرقم الخاص, البيانات البنكية',
    insiders: 'موظف*, للموظفين, الموظفين, العاملين, للعاملين, سري, سرية, الزملاء, الأهل والأصدقاء, للأصدقاء',
    sensitive:
      'كود*, رمز*, كوبون*, خصم*, تخفيض*, قسيم*, سعر*, أسعار*, تكلف*, هامش*, مورد*, راتب*, رواتب, عمول*, ' +
      'حساب*, بنك*, بطاق*, مفتاح*, واي فاي',
    pointBack:
      'هذا, هذه, ذلك, تلك, المعلومة, المعلومات, الكلام, العملاء, للعملاء, لأحد, أحد, مع, أبدا, من فضلك, رجاء, ' +
      'الزبائن, للزبائن',
    pointForward: 'التالي, التالية, ما يلي, أدناه, فيما يلي',
    privacyPromises:
      'بياناتك, معلوماتك, خصوصيتك, بيانات العملاء, بياناتكم, معلوماتكم, خصوصيتكم, أطراف ثالثة, طرف ثالث',
    publicAudience:
      'للجميع, لجميع العملاء, لكل العملاء, لأي عميل, للنزلاء, للضيوف, للزوار, يمكن لأي شخص, واي فاي مجاني, ' +
      'الواي فاي مجاني',
    notSecrecy: 'تتردد, تترددوا, تنس, تنسى, تنسوا',
  },
};
