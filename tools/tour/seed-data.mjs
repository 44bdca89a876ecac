// The demo shop of the product tour (tools/tour/capture.mjs), in each language the web speaks.
// The first message's customer is the conversation the inbox screenshot opens.

const product = (name, description, price, category, features) => ({
  name,
  description,
  price,
  category,
  features,
  inStock: true,
});

const knowledge = (category, title, content) => ({ category, title, content });

export const SEEDS = {
  en: {
    owner: 'sofia',
    aiConfig: {
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes and home textiles, made in Valencia and shipped across Europe.',
      openingHours: 'Mon–Sat 9:00–19:00',
    },
    products: [
      product('Linen shirt', 'Washed linen, relaxed fit, mother-of-pearl buttons.', 59, 'Clothing', ['100% linen', 'Sizes XS–XXL']),
      product('Summer dress', 'Midi dress in light linen with side pockets.', 89, 'Clothing', ['Lined bodice', 'Three colours']),
      product('Bed linen set', 'Duvet cover and two pillowcases, stone washed.', 129, 'Home', ['Double and king', 'OEKO-TEX']),
      product('Linen tote bag', 'Sturdy tote with an inside pocket.', 24, 'Accessories', ['Holds 12 kg']),
    ],
    knowledge: [
      knowledge('policies', 'Shipping', 'Free shipping in Spain over €50; Europe in 3–5 working days for €6.'),
      knowledge('policies', 'Returns', 'Returns within 30 days, unworn, with the label; we send a free return label.'),
      knowledge('faqs', 'Care', 'Wash linen at 30 °C and dry it flat; it softens with every wash.'),
    ],
    messages: [
      { platform: 'instagram', platformUsername: 'sofia.marsh', senderName: 'Sofia Marsh', content: 'Hi! Does the linen shirt come in sage green, size M?' },
      { platform: 'whatsapp', platformUsername: '+447700900123', senderName: 'James Carter', content: 'How long does shipping to London take?' },
      { platform: 'facebook', platformUsername: 'emma.l', senderName: 'Emma Lewis', content: 'I would like to return a dress I bought last week.' },
      { platform: 'instagram', platformUsername: 'noah_b', senderName: 'Noah Brooks', content: 'Do you have the bed linen set in king size?' },
      { platform: 'whatsapp', platformUsername: '+14155550142', senderName: 'Olivia Chen', content: 'Can I pay on delivery?' },
    ],
    replies: ['Hi Sofia! Yes, sage green is in stock in M. Shall I reserve one for you?'],
    followUp: { platform: 'instagram', platformUsername: 'sofia.marsh', senderName: 'Sofia Marsh', content: 'Yes please, and how much is shipping to Madrid?' },
  },
  es: {
    owner: 'lucia',
    aiConfig: {
      companyName: 'Olivo y Lino',
      companyDescription: 'Ropa de lino y textiles para el hogar, hechos en Valencia y enviados a toda Europa.',
      openingHours: 'Lun–Sáb 9:00–19:00',
    },
    products: [
      product('Camisa de lino', 'Lino lavado, corte holgado, botones de nácar.', 59, 'Ropa', ['100 % lino', 'Tallas XS–XXL']),
      product('Vestido de verano', 'Vestido midi de lino ligero con bolsillos.', 89, 'Ropa', ['Cuerpo forrado', 'Tres colores']),
      product('Juego de cama de lino', 'Funda nórdica y dos fundas de almohada, lavado a la piedra.', 129, 'Hogar', ['150 y 180', 'OEKO-TEX']),
      product('Bolsa de lino', 'Bolsa resistente con bolsillo interior.', 24, 'Accesorios', ['Aguanta 12 kg']),
    ],
    knowledge: [
      knowledge('policies', 'Envíos', 'Envío gratis en España a partir de 50 €; Europa en 3–5 días laborables por 6 €.'),
      knowledge('policies', 'Devoluciones', 'Devoluciones en 30 días, sin usar y con la etiqueta; enviamos la etiqueta de devolución gratis.'),
      knowledge('faqs', 'Cuidados', 'Lava el lino a 30 °C y sécalo en plano; se suaviza con cada lavado.'),
    ],
    messages: [
      { platform: 'instagram', platformUsername: 'lucia.romero', senderName: 'Lucía Romero', content: '¡Hola! ¿La camisa de lino está en verde salvia, talla M?' },
      { platform: 'whatsapp', platformUsername: '+34600111222', senderName: 'Javier Gil', content: '¿Cuánto tarda el envío a Sevilla?' },
      { platform: 'facebook', platformUsername: 'marta.s', senderName: 'Marta Sanz', content: 'Quiero devolver un vestido que compré la semana pasada.' },
      { platform: 'instagram', platformUsername: 'diego_p', senderName: 'Diego Pérez', content: '¿Tenéis el juego de cama en 180?' },
      { platform: 'whatsapp', platformUsername: '+5215512345678', senderName: 'Carmen Ruiz', content: '¿Puedo pagar contra reembolso?' },
    ],
    replies: ['¡Hola, Lucía! Sí, tenemos verde salvia en talla M. ¿Te la reservo?'],
    followUp: { platform: 'instagram', platformUsername: 'lucia.romero', senderName: 'Lucía Romero', content: 'Sí, por favor. ¿Cuánto cuesta el envío a Madrid?' },
  },
  ar: {
    owner: 'layla',
    aiConfig: {
      companyName: 'زيتون وكتان',
      companyDescription: 'ملابس من الكتان ومفروشات منزلية، تُصنع في فالنسيا وتُشحن إلى أنحاء أوروبا والخليج.',
      openingHours: 'السبت–الخميس 9:00–19:00',
    },
    products: [
      product('قميص كتان', 'كتان مغسول، قصة مريحة، أزرار من الصدف.', 59, 'ملابس', ['كتان 100٪', 'المقاسات XS–XXL']),
      product('فستان صيفي', 'فستان متوسط الطول من الكتان الخفيف مع جيوب.', 89, 'ملابس', ['مبطن', 'ثلاثة ألوان']),
      product('طقم مفارش كتان', 'غطاء لحاف وكيسا وسادة، مغسول بالحجر.', 129, 'المنزل', ['مزدوج وكبير', 'OEKO-TEX']),
      product('حقيبة كتان', 'حقيبة متينة بجيب داخلي.', 24, 'إكسسوارات', ['تحمل 12 كغ']),
    ],
    knowledge: [
      knowledge('policies', 'الشحن', 'شحن مجاني للطلبات فوق 50 يورو؛ إلى دول الخليج خلال 5–7 أيام عمل مقابل 15 يورو.'),
      knowledge('policies', 'الإرجاع', 'الإرجاع خلال 30 يومًا، دون استعمال ومع البطاقة؛ نرسل ملصق إرجاع مجانًا.'),
      knowledge('faqs', 'العناية', 'اغسل الكتان على 30 درجة وجففه مفرودًا؛ يصبح أنعم مع كل غسلة.'),
    ],
    messages: [
      { platform: 'instagram', platformUsername: 'layla.h', senderName: 'ليلى حسن', content: 'مرحبًا! هل قميص الكتان متوفر باللون الأخضر الفاتح مقاس M؟' },
      { platform: 'whatsapp', platformUsername: '+971501234567', senderName: 'أحمد المنصوري', content: 'كم يستغرق الشحن إلى دبي؟' },
      { platform: 'facebook', platformUsername: 'sara.k', senderName: 'سارة خالد', content: 'أريد إرجاع فستان اشتريته الأسبوع الماضي.' },
      { platform: 'instagram', platformUsername: 'omar_f', senderName: 'عمر فاروق', content: 'هل طقم المفارش متوفر بالمقاس الكبير؟' },
      { platform: 'whatsapp', platformUsername: '+966551234567', senderName: 'نورة العتيبي', content: 'هل يمكن الدفع عند الاستلام؟' },
    ],
    replies: ['أهلًا ليلى! نعم، اللون الأخضر الفاتح متوفر بمقاس M. هل أحجز لك واحدًا؟'],
    followUp: { platform: 'instagram', platformUsername: 'layla.h', senderName: 'ليلى حسن', content: 'نعم من فضلك، وكم تكلفة الشحن إلى الرياض؟' },
  },
};
