import type { LanguagePack } from '../language-pack';
import { LATIN_SOUNDS } from '../latin-sounds';
import { ENGLISH_CUES } from './cues';
import { ENGLISH } from './phrasebook';
import { ENGLISH_PREMISES, ENGLISH_VOCABULARY } from './vocabulary';

/** English. */
export const ENGLISH_PACK: LanguagePack = {
  code: 'en',
  writing: {
    word: /^[a-z]+$/u,
    // "prices" is "price"; "glass" stays.
    plural: { suffix: 's', keep: 'ss' },
    sounds: LATIN_SOUNDS,
  },
  detection: {
    words:
      'the is are do does you your have has how much many what when where my i it this that and to of for with ' +
      'please hi hello hey thanks thank want need can could would order price buy there any be was will not ' +
      'yes just get about from our we me',
  },
  vocabulary: ENGLISH_VOCABULARY,
  premises: ENGLISH_PREMISES,
  stopWords:
    'a an the is are am was were be been do does did you your i me my we our us it its this that these those what ' +
    'which who how much many when where why can could would will should may please hi hello hey there here any ' +
    'some have has had of to in on at for from with about and or but if so not no yes just also want like need get ' +
    'tell know thanks thank ok okay ll ve re one ones',
  genericTitleWords: 'policy policies info information faq faqs terms conditions options methods',
  questionStarts:
    'what whats when where wheres how why which who do does did is are can could will would should have has',
  orderWords: /order/u,
  variants: {
    larger: 'big bigger biggest large larger largest huge',
    smaller: 'small smaller smallest little mini tiny',
    middle: 'medium mid middle regular',
    cheaper: 'cheap cheaper cheapest inexpensive',
    dearer: 'expensive dearer dearest pricier priciest',
  },
  qualifiers: {
    prepositions: 'for at with without in on',
    possessives: 'my our his her their your',
    determiners: 'a an the any some there no another',
    offerings: 'product products item items thing things service services stuff goods everything anything',
    timeWords:
      'tomorrow today tonight morning afternoon evening night noon now later soon weekend winter summer spring autumn season',
  },
  cues: ENGLISH_CUES,
  claims: {
    priceWords: /price[sd]?|pricing|costs?|costing/u,
    currencyWords: /dollars?|euros?|pesos?|riyals?|dirhams?/u,
    fillers:
      'is are was were be will would it its s of the a an at for just only now currently today each per unit ' +
      'piece also about around approximately from',
    outOfStock:
      /out of stock|sold out|unavailable|(?:\bnot|n['’]t|\bno longer)(?:\s+\p{L}+){0,2}?\s+(?:in stock|available)/u,
    inStock: /in stock|available/u,
    codeWords: /(?:promo|discount|coupon)?codes?|coupons?|promos?|vouchers?/u,
  },
  names: {
    notNames:
      'img image images photo pic pics picture avatar icon logo user username usr admin administrator root test ' +
      'tester testing demo sample example null undefined none nil nan void unknown anonymous anon guest customer ' +
      'client visitor member name noname firstname lastname fullname sender recipient bot robot system support ' +
      'info contact sales service team shop store account profile deleted asdf qwerty lol xyz abc script alert ' +
      'html body div span svg iframe src href onerror onload http https www com true false object string error ' +
      'facebook instagram twitter whatsapp messenger',
  },
  phrasebook: ENGLISH,
};
