import type { Phrasebook } from '../phrasebook';

/** "with <company>", or "with us" when the company has no name. */
function withUs(company: string | null): string {
  return company ? `مع ${company}` : 'معنا';
}

export const ARABIC: Phrasebook = {
  opener(style, firstName) {
    const name = firstName ? ` ${firstName}` : '';
    switch (style) {
      case 'professional':
        return `مرحباً${name}،`;
      case 'friendly':
        return `أهلاً${name}!`;
      case 'casual':
        return `هلا${name}!`;
      case 'enthusiastic':
        return `أهلاً وسهلاً${name}! 😊`;
    }
  },
  closing: {
    professional: 'هل هناك أي شيء آخر يمكنني مساعدتك به؟',
    friendly: 'لا تتردد في سؤالي عن أي شيء آخر!',
    casual: 'تحتاج شيئاً آخر؟',
    enthusiastic: 'هل من شيء آخر أساعدك فيه؟ يسعدني ذلك!',
  },
  greeting(style, company) {
    switch (style) {
      case 'professional':
        return `شكراً لتواصلك ${withUs(company)}. كيف يمكنني مساعدتك اليوم؟`;
      case 'friendly':
        return `يسعدنا تواصلك ${withUs(company)}! كيف يمكنني مساعدتك؟`;
      case 'casual':
        return company ? `شكراً لمراسلتك ${company}. ماذا تحتاج؟` : 'شكراً لمراسلتك. ماذا تحتاج؟';
      case 'enthusiastic':
        return `سعداء جداً بتواصلك ${withUs(company)}! 🎉 كيف يمكنني مساعدتك اليوم؟`;
    }
  },
  productFacts: ({ name, price, inStock }) =>
    `سعر ${name} هو ${price}، وهو ${inStock ? 'متوفر حالياً' : 'غير متوفر حالياً'}.`,
  productStock: ({ name, inStock }) => `${name} ${inStock ? 'متوفر حالياً' : 'غير متوفر حالياً'}.`,
  productListIntro: 'إليك ما لدينا:',
  productListItem: ({ name, price, inStock }) =>
    `• ${name}: ${price} (${inStock ? 'متوفر' : 'غير متوفر حالياً'})`,
  offerToOrder: {
    professional: 'هل تود تقديم طلب؟',
    friendly: 'هل تحب أن تطلبه؟',
    casual: 'تريد أن تطلبه؟',
    enthusiastic: 'هل تود طلبه الآن؟',
  },
  productNotFound: (_style, categories) =>
    'لم أجد هذا المنتج تحديداً في كتالوجنا.' +
    (categories.length > 0 ? ` لدينا: ${categories.join('، ')}.` : '') +
    ' ما المنتج الذي يهمك حتى أتحقق منه لك؟',
  catalogueOverview: (_style, categories) => `لدينا: ${categories.join('، ')}. ما الذي يهمك منها؟`,
  catalogueUnavailable: () => 'سيشاركك أحد أعضاء فريقنا التفاصيل والأسعار قريباً.',
  orderWillBeChecked: (_style, reference) => `سيتحقق فريقنا من حالة الطلب ${reference} ويعود إليك قريباً.`,
  askOrderNumber: () => 'هل يمكنك تزويدي برقم الطلب حتى يتحقق فريقنا من حالته؟',
  orderTrouble: () => 'نعتذر عن الإزعاج.',
  apology: {
    professional: 'نعتذر بشدة عن هذه التجربة.',
    friendly: 'أنا آسف جداً لما حدث.',
    casual: 'آسف جداً على ما حصل!',
    enthusiastic: 'نعتذر لك كثيراً عن هذا!',
  },
  escalation: () => 'سيراجع فريقنا الأمر ويتواصل معك في أقرب وقت ممكن لحله.',
  alsoReachUs: (_style, contact) => `يمكنك أيضاً التواصل معنا على ${contact}.`,
  knowledgeIntro: () => 'إليك ما يمكنني إخبارك به:',
  aboutProduct: (name) => `بخصوص ${name}:`,
  relatedIntro: 'معلومة مفيدة:',
  contactIntro: () => 'يسعد فريقنا مساعدتك. يمكنك التواصل معنا هنا:',
  contactLabel: {
    phone: 'الهاتف',
    email: 'البريد الإلكتروني',
    website: 'الموقع الإلكتروني',
    openingHours: 'ساعات العمل',
    address: 'العنوان',
  },
  handOff: () => 'بالتأكيد. لقد حوّلت رسالتك إلى فريقنا، وسيرد عليك أحد الموظفين هنا في أقرب وقت ممكن.',
  teamWillReply: () => 'سيتواصل معك أحد أعضاء فريقنا قريباً.',
  teamWillConfirm: {
    price: 'سيؤكد فريقنا السعر قريباً.',
    stock: 'سيؤكد فريقنا التوفر قريباً.',
    both: 'سيؤكد فريقنا السعر والتوفر قريباً.',
  },
  fact(field, value) {
    switch (field) {
      case 'openingHours':
        return `ساعات العمل لدينا: ${value}`;
      case 'address':
        return `تجدنا في: ${value}`;
      case 'phone':
        return `رقم هاتفنا: ${value}`;
      case 'email':
        return `بريدنا الإلكتروني: ${value}`;
      case 'website':
        return `موقعنا الإلكتروني: ${value}`;
    }
  },
  dontKnow: () => 'عذراً، لا تتوفر لدي هذه المعلومة ولا أريد أن أخمّن.',
  askTheTeam: () => 'يمكن لفريقنا الإجابة عنها:',
  purchaseOpening: {
    professional: 'شكراً لاهتمامك.',
    friendly: 'اختيار رائع!',
    casual: 'اختيار موفق!',
    enthusiastic: 'اختيار رائع جداً! 🎉',
  },
  purchaseNextStep: () => 'لإتمام طلبك، يرجى تأكيد الكمية وبيانات التوصيل، وسيكمل فريقنا الطلب معك.',
  whichProduct: () => 'ما المنتج الذي تود طلبه؟',
  websiteHint: (_style, website) => `يمكنك أيضاً زيارة ${website}.`,
  thanks: (_style, company) => `شكراً لتواصلك ${withUs(company)}.`,
  howCanIHelp: () => 'كيف يمكنني مساعدتك؟',
};
