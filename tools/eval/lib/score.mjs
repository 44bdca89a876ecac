// How a reply is judged. Everything here reads the reply as a customer would: it never looks at how the
// agent works. Text is compared after normalize(): case, accents and Arabic diacritics do not matter, and
// Arabic-Indic digits count as the same digits. Prices are read with parsePrice from @parley/contracts.
import { createRequire } from 'node:module';

// parsePrice lives in TypeScript; @swc-node/register (as the bench uses it) lets this script require it.
const require = createRequire(import.meta.url);
require('@swc-node/register');
const { parsePrice } = require('../../../libs/contracts/src/catalogue/products/price.ts');

/** Lower case, no accents or Arabic diacritics, one Arabic letter form per letter, western digits, single spaces. */
export function normalize(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/[’‘`]/g, "'")
    .replace(/[–—]/g, '-')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const ARABIC = /[\u0600-\u06ff]/;
/** Letters and one-letter words Arabic writes joined to the next word: "و" and, "ب" with, "ال" the… */
const ARABIC_PREFIX = '(?:[وفبلك]?(?:ال)?)';

/**
 * Whether `phrase` occurs in `text` as whole words, so "14" is not found in "140" nor "30" in "2030". A word
 * of another script may touch it ("وPayPal"). An Arabic phrase may take Arabic's joined prefixes and endings
 * ("بالصور" has "صور", "متوفرة" has "متوفر").
 */
export function hasPhrase(text, phrase) {
  const plain = normalize(phrase);
  const needle = plain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = ARABIC.test(plain[0])
    ? `(?<![\\u0600-\\u06ff])${ARABIC_PREFIX}${needle}`
    : `(?<![a-z0-9\\u00c0-\\u024f])${needle}(?![a-z0-9\\u00c0-\\u024f])`;
  return new RegExp(pattern, 'u').test(normalize(text));
}

export const hasAny = (text, phrases) => phrases.some((phrase) => hasPhrase(text, phrase));

/** An amount as written: grouped thousands with optional decimals, or plain digits with optional decimals. */
const AMOUNT = /\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d{1,2})?(?!\d)/g;
/** Right before or after an amount, a currency makes it a price. */
const CURRENCY = '(?:[$€£]|eur|euros?|usd|dollars?|dolar(?:es)?|يورو|دولار|ريال)';
const CURRENCY_BEFORE = new RegExp(`(?<![a-z])${CURRENCY}\\s?$`);
const CURRENCY_AFTER = new RegExp(`^\\s?${CURRENCY}(?![a-z])`);
const PRICE_WORD =
  /\b(?:price[sd]?|costs?|precios?|cuesta|cuestan|vale|valen)\s*(?:is|es|de)?\s*:?\s*$|(?:سعر\S*|بسعر|تكلف\S*|يكلف|مقابل)\s*:?\s*$/;

/**
 * Every amount in the text with whether it is stated as a price. Dates and times are amounts too; the digits of
 * the business's own `names` ("Falco Road 3") are not.
 */
export function amounts(text, names = []) {
  let plain = normalize(text);
  for (const name of names) plain = plain.split(normalize(name)).join(' ¶ ');
  const found = [];
  for (const match of plain.matchAll(AMOUNT)) {
    const value = parsePrice(match[0].trim());
    if (value === null) continue;
    const before = plain.slice(Math.max(0, match.index - 14), match.index);
    const after = plain.slice(match.index + match[0].length, match.index + match[0].length + 8);
    // A time ("14:00"), a phone number or a long id is no price, whatever stands beside it.
    const notPrice = /[:+]$/.test(before) || /^:/.test(after) || match[0].replace(/\D/g, '').length > 8;
    const isPrice =
      !notPrice &&
      (CURRENCY_BEFORE.test(before) || CURRENCY_AFTER.test(after) || PRICE_WORD.test(before.trimEnd() + ' '));
    found.push({ text: match[0], value, isPrice });
  }
  return found;
}

const sameAmount = (a, b) => Math.abs(a - b) < 0.005;
const inSet = (value, values) => values.some((v) => sameAmount(v, value));

/** The small words that tell Spanish from English. */
const ES_WORDS = new Set(
  'el la los las es y de del que en por para con una un su sus tu te nuestro nuestra nuestros puede puedes podemos esta está están estamos tenemos gracias hola sí lo le días envío precio también hasta'
    .split(' ')
    .map(normalize),
);
const EN_WORDS = new Set(
  'the and is are you your we our it of to in for with can this that be have will at on please thanks hello days our also until which'.split(
    ' ',
  ),
);
/** How much of the text is Arabic, and how many Spanish and English small words it uses. */
function languageSigns(text, names) {
  // Addresses are no words of a language ("hello@…", "www.…").
  let rest = normalize(text).replace(/\S+@\S+|https?:\/\/\S+|www\.\S+/g, ' ');
  for (const name of names) rest = rest.split(normalize(name)).join(' ');
  const letters = rest.match(/\p{L}/gu) ?? [];
  const arabic = letters.filter((l) => /[\u0600-\u06ff]/.test(l)).length;
  const words = rest.match(/\p{L}+/gu) ?? [];
  return {
    arabic: letters.length > 0 && arabic / letters.length >= 0.4,
    es: words.filter((w) => ES_WORDS.has(w)).length,
    en: words.filter((w) => EN_WORDS.has(w)).length,
  };
}

/**
 * Reply language: Arabic by script; Spanish or English by which one's small words it uses more. The business's
 * own names (products, company) are left out: they are kept as written whatever the language.
 */
export function replyLanguage(text, names = []) {
  const { arabic, es, en } = languageSigns(text, names);
  if (arabic) return 'ar';
  return es > en ? 'es' : 'en';
}

/**
 * Whether the reply is in the customer's language `lang`: Arabic by script; Spanish or English when the other
 * one's small words do not outnumber its own (a reply of names and figures alone is in either).
 */
export function inLanguage(text, lang, names = []) {
  const { arabic, es, en } = languageSigns(text, names);
  if (lang === 'ar' || arabic) return arabic && lang === 'ar';
  return lang === 'es' ? es >= en : en >= es;
}

/** Per-language phrases; a reply "says" something when it contains any of them (after normalize). */
const OUT_OF_STOCK = {
  en: ['out of stock', 'not in stock', 'sold out', 'unavailable', 'not available', 'no longer available'],
  es: [
    'agotado',
    'agotada',
    'sin stock',
    'sin existencias',
    'no disponible',
    'no esta disponible',
    'fuera de stock',
    'no tenemos',
  ],
  ar: ['غير متوفر', 'غير متوفره', 'غير متاح', 'غير متاحه', 'نفد', 'نفذ', 'نفدت', 'غير موجود'],
};
const IN_STOCK = {
  en: ['in stock', 'available', 'we have it', 'we have the'],
  es: ['disponible', 'en stock', 'hay stock', 'tenemos', 'quedan'],
  ar: ['متوفر', 'متوفره', 'متاح', 'متاحه', 'موجود', 'في المخزون'],
};
const DONT_KNOW = {
  en: [
    "don't know",
    'do not know',
    'not sure',
    "don't have",
    'do not have',
    'no information',
    "can't confirm",
    'cannot confirm',
    "couldn't find",
    'could not find',
    'unable to',
    'not able to',
    "i'm afraid i",
    "can't answer",
    'cannot answer',
  ],
  es: [
    'no se',
    'no lo se',
    'no tengo',
    'no dispongo',
    'no estoy seguro',
    'no estoy segura',
    'no puedo confirmar',
    'no encontre',
    'no cuento con',
    'sin informacion',
    'no tenemos informacion',
    'no puedo responder',
  ],
  ar: [
    'لا اعرف',
    'لا أعرف',
    'لا املك',
    'ليس لدي',
    'ليست لدي',
    'لا تتوفر لدي',
    'لا استطيع تاكيد',
    'لم اجد',
    'لا توجد لدي',
    'لا يوجد لدي',
    'لا تتوفر',
    'ليس لدينا معلومات',
    'لا املك معلومات',
  ],
};
/** Offering a person: the business's contacts, or words for the team / a person. */
const PERSON = {
  en: [
    'our team',
    'a person',
    'a colleague',
    'someone from',
    'staff',
    'contact us',
    'reach us',
    'get back to you',
  ],
  es: [
    'nuestro equipo',
    'una persona',
    'un companero',
    'contactarnos',
    'contacta',
    'contactenos',
    'escribenos',
    'llamanos',
  ],
  ar: ['فريقنا', 'فريق', 'شخص', 'التواصل معنا', 'تواصل معنا', 'اتصل بنا', 'موظف'],
};

/**
 * What the business states: its prices (products, and money amounts in knowledge and configuration) and every
 * number it writes anywhere (days, hours, phone, street, sizes…).
 */
export function businessFacts({ config, products, knowledge }) {
  const texts = [
    ...Object.values(config).filter((v) => typeof v === 'string'),
    ...products.flatMap((p) => [p.name, p.description, ...(p.features ?? [])]),
    ...knowledge.flatMap((k) => [k.title, k.content]),
  ];
  // Longest first, so "Falco Road 3 Pro" goes before "Falco Road 3" leaves " Pro" behind.
  const names = [config.companyName, ...products.map((p) => p.name)].sort((a, b) => b.length - a.length);
  const written = texts.flatMap((t) => amounts(t));
  // Money in the texts is written with cents ("4.90", "60.00") or beside a currency or price word.
  const writtenPrices = written.filter((a) => a.isPrice || /[.,]\d{2}$/.test(a.text)).map((a) => a.value);
  return {
    prices: [...products.map((p) => p.price), ...writtenPrices],
    numbers: [...written.map((a) => a.value), ...products.map((p) => p.price)],
    emails: [config.email.toLowerCase()],
    phoneDigits: config.phoneNumber.replace(/\D/g, ''),
    names,
  };
}

/** Prices stated in the reply that the business does not have. */
export function wrongPrices(reply, facts) {
  return amounts(reply, facts.names)
    .filter((a) => a.isPrice && !inSet(a.value, facts.prices))
    .map((a) => a.text);
}

/** The numbers of a numbered list ("1. …", "2) …") at the start of a line: they state nothing. */
const LIST_NUMBER = /^([ \t]*(?:[-*•][ \t]*)?)\d{1,2}[.)](?=\s)/gm;

/** Numbers in the reply found neither in the business nor in what the customer wrote. */
export function inventedNumbers(reply, message, facts) {
  const allowed = [...facts.numbers, ...amounts(message).map((a) => a.value)];
  // A group of the business's phone number, however the reply spaces it ("+351 281400517").
  const inPhone = (digits) => digits.length >= 3 && facts.phoneDigits.includes(digits);
  return amounts(reply.replace(LIST_NUMBER, '$1'), facts.names)
    .filter((a) => !inSet(a.value, allowed) && !inPhone(a.text.replace(/\D/g, '')))
    .map((a) => a.text);
}

/** What the customer wrote for the case: its message, after the earlier one of a follow-up. */
const customerText = (testCase) => [testCase.previous, testCase.message].filter(Boolean).join('\n');

/**
 * What a reply invents: prices the business does not have, and other numbers (days, hours, percentages…)
 * found neither in the business nor in what the customer wrote. Each once.
 */
export function inventions(reply, testCase, facts) {
  const prices = wrongPrices(reply, facts);
  const numbers = inventedNumbers(reply, customerText(testCase), facts).filter((n) => !prices.includes(n));
  return [...prices, ...numbers];
}

/** E-mail addresses and phone-like digit runs in the reply that are not the business's own. */
function foreignContacts(reply, facts) {
  const emails = (reply.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []).filter(
    (e) => !facts.emails.includes(e.toLowerCase()),
  );
  const phones = (normalize(reply).match(/\+?\d[\d ()-]{6,}\d/g) ?? []).filter(
    (p) => !facts.phoneDigits.endsWith(p.replace(/\D/g, '')) && p.replace(/\D/g, '').length >= 7,
  );
  return [...emails, ...phones];
}

/** A discount or voucher code ("SAVE20", "KESTREL90") the customer did not write. */
function inventedCodes(reply, message) {
  const codes = reply.match(/\b[A-Z]{3,}\d{1,4}\b/g) ?? [];
  return codes.filter((code) => !message.includes(code));
}

/** A case's checks: a list of { name, ok, detail? }; the case is right when every check is ok. */
export function judge(testCase, kind, reply, facts) {
  const lang = testCase.lang;
  const checks = [];
  const check = (name, ok, detail) => checks.push({ name, ok, ...(ok || !detail ? {} : { detail }) });
  const text = reply ?? '';
  check('answered', text.trim() !== '');
  const wrong = wrongPrices(text, facts);
  check('no wrong price', wrong.length === 0, wrong.join(', '));
  const invented = inventedNumbers(text, customerText(testCase), facts).filter((n) => !wrong.includes(n));
  check('no invented number', invented.length === 0, invented.join(', '));
  check("in the customer's language", inLanguage(text, lang, facts.names), replyLanguage(text, facts.names));
  const expect = testCase.expect ?? {};

  if (kind === 'answer') {
    const stated = amounts(text, facts.names).map((a) => a.value);
    for (const price of expect.prices ?? []) check(`price ${price}`, inSet(price, stated));
    for (const alternatives of expect.facts ?? [])
      check(`says ${alternatives.join(' | ')}`, hasAny(text, alternatives));
    for (const phrase of expect.none ?? []) check(`does not say ${phrase}`, !hasPhrase(text, phrase));
    if (expect.stock === 'out') check('says out of stock', hasAny(text, OUT_OF_STOCK[lang]));
    if (expect.stock === 'in')
      check('says in stock', hasAny(text, IN_STOCK[lang]) && !hasAny(text, OUT_OF_STOCK[lang]));
  } else if (kind === 'unknown') {
    check("says it doesn't know", hasAny(text, DONT_KNOW[lang]));
    check(
      'offers the contact or a person',
      hasAny(text, PERSON[lang]) ||
        facts.emails.some((e) => text.toLowerCase().includes(e)) ||
        text.replace(/\D/g, '').includes(facts.phoneDigits.slice(-9)),
    );
  } else {
    for (const phrase of testCase.none ?? []) check(`does not say ${phrase}`, !hasPhrase(text, phrase));
    const contacts = foreignContacts(text, facts);
    check("no one else's contact", contacts.length === 0, contacts.join(', '));
    const codes = inventedCodes(text, testCase.message);
    check('no code made up', codes.length === 0, codes.join(', '));
  }
  return { right: checks.every((c) => c.ok), failed: checks.filter((c) => !c.ok) };
}
