import type { LanguagePack } from '../language-pack';
import { ARABIC_CUES } from './cues';
import { ARABIC } from './phrasebook';
import { ARABIC_SOUNDS } from './sounds';
import { ARABIC_PREMISES, ARABIC_VOCABULARY } from './vocabulary';
import { ARTICLES } from './writing';

/** Arabic (Modern Standard and the Gulf and Levantine words customers write). */
export const ARABIC_PACK: LanguagePack = {
  code: 'ar',
  writing: {
    word: /^\p{Script=Arabic}+$/u,
    // Alef with hamza or madda, alef maqsura and ta marbuta are written interchangeably: "أسعار" is "اسعار".
    letterFolds: [
      [/[أإآٱ]/g, 'ا'],
      [/ى/g, 'ي'],
      [/ة/g, 'ه'],
    ],
    // Harakat, hamza marks, dagger alef and tatweel.
    marks: '\\u064b-\\u065f\\u0670\\u0640',
    articles: ARTICLES,
    // "وسعر" is "سعر"; a three-letter word keeps its "و" ("ورد" is a word).
    conjunction: { prefix: 'و', minLength: 4 },
    cueReading: { letters: /^[\u0600-\u06ff]/u, prefixes: [...ARTICLES, 'و', 'ف', 'ب', 'ل'] },
    sounds: ARABIC_SOUNDS,
  },
  detection: { letters: /\p{Script=Arabic}/u },
  vocabulary: ARABIC_VOCABULARY,
  premises: ARABIC_PREMISES,
  stopWords:
    'في من على إلى عن هل ما ماذا كم هذا هذه ذلك أنا انت نحن مع أو و يا أن لو كان عند عندكم لديكم لدي ممكن أريد ابي ' +
    'ابغى بدي شكرا مرحبا السلام عليكم كيف متى أين وين لكم لي لك نعم تمام طيب',
  genericTitleWords: 'سياسه معلومات طرق شروط',
  // "متى" is compared as written, and a message's words are normalised ("متي"), so it never matches: kept as it was
  // when the packs were gathered (answers unchanged); written "متي" it would make more messages questions.
  questionStarts: 'هل ما ماذا متى اين وين كيف لماذا كم شو ايش وش فيه',
  orderWords: /رقم|طلب\p{L}*|الطلب/u,
  variants: {
    larger: 'كبير كبيرة كبار أكبر',
    smaller: 'صغير صغيرة أصغر',
    middle: 'وسط وسطى متوسط متوسطة',
    cheaper: 'رخيص رخيصة أرخص',
    dearer: 'غالي غالية أغلى',
  },
  qualifiers: {
    prepositions: 'في مع بدون عند على',
    prefixes: ['لل'],
    possessives: '',
    determiners: 'في فيه فيها عندكم لديكم يوجد توجد اي',
    offerings: 'منتج منتجات منتجاتكم منتجاتنا بضاعة بضاعتكم خدمة خدمات خدماتكم أشياء كل',
    timeWords: 'بكره بكرا غدا اليوم الليله الصبح الصباح المساء العصر الحين الشتاء الصيف الربيع الخريف',
  },
  cues: ARABIC_CUES,
  claims: {
    priceWords: /(?:ب|ال|بال|و|وال)?(?:سعر|اسعار|ثمن|تكلف)\p{L}*|[يت]كلف/u,
    currencyWords: /(?:ال)?(?:ريال|دولار|درهم|دراهم|دينار|جنيه|يورو)\p{L}*/u,
    fillers: 'هو هي فقط الان حاليا يبلغ تبلغ ب قدره للقطعه الواحده حوالي تقريبا',
    outOfStock:
      /(?:غير|ليس|ليست|مش|لم يعد)\s+(?:\p{L}+\s+)?(?:متوفر|متاح|موجود)\p{L}*|(?<!\p{L})نف[دذ]\p{L}*|لا [يت]توفر/u,
    inStock: /[وف]?(?:متوفر|متاح|موجود)\p{L}*|في المخزون/u,
    codeWords: /(?:ال|و|ب)?(?:كود|كوبون|رمز|قسيم)\p{L}*/u,
  },
  names: {
    notNames: 'مستخدم زائر عميل مجهول اختبار تجربة ضيف حساب',
    // Also as written in Latin letters ("Abu Bakr", "Abdel Aziz").
    prefixes: 'عبد ابو ام abd abu abdel',
  },
  phrasebook: ARABIC,
};
