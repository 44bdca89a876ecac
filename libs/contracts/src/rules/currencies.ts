import { isOneOf } from '../enums/one-of';

/**
 * The currencies a business may sell in (ISO 4217), with the digits of their minor unit. Prices are stored
 * with 2 decimals (numeric(10, 2)), so a 3-digit currency's prices are whole fils/baisa to the hundredth,
 * and a 0-digit currency's are shown rounded. The list is the common ones of the shops Parley serves; the
 * order is the select's.
 */
export const CURRENCY_LIST = [
  { code: 'USD', minorDigits: 2 },
  { code: 'EUR', minorDigits: 2 },
  { code: 'GBP', minorDigits: 2 },
  { code: 'SAR', minorDigits: 2 },
  { code: 'AED', minorDigits: 2 },
  { code: 'EGP', minorDigits: 2 },
  { code: 'KWD', minorDigits: 3 },
  { code: 'QAR', minorDigits: 2 },
  { code: 'BHD', minorDigits: 3 },
  { code: 'OMR', minorDigits: 3 },
  { code: 'JOD', minorDigits: 3 },
  { code: 'MAD', minorDigits: 2 },
  { code: 'TND', minorDigits: 3 },
  { code: 'DZD', minorDigits: 2 },
  { code: 'MXN', minorDigits: 2 },
  { code: 'COP', minorDigits: 2 },
  { code: 'ARS', minorDigits: 2 },
  { code: 'CLP', minorDigits: 0 },
  { code: 'PEN', minorDigits: 2 },
  { code: 'BRL', minorDigits: 2 },
  { code: 'CAD', minorDigits: 2 },
  { code: 'AUD', minorDigits: 2 },
  { code: 'NZD', minorDigits: 2 },
  { code: 'CHF', minorDigits: 2 },
  { code: 'SEK', minorDigits: 2 },
  { code: 'NOK', minorDigits: 2 },
  { code: 'DKK', minorDigits: 2 },
  { code: 'PLN', minorDigits: 2 },
  { code: 'TRY', minorDigits: 2 },
  { code: 'INR', minorDigits: 2 },
  { code: 'PKR', minorDigits: 2 },
  { code: 'JPY', minorDigits: 0 },
  { code: 'CNY', minorDigits: 2 },
  { code: 'SGD', minorDigits: 2 },
  { code: 'HKD', minorDigits: 2 },
  { code: 'ZAR', minorDigits: 2 },
  { code: 'NGN', minorDigits: 2 },
] as const;

export type Currency = (typeof CURRENCY_LIST)[number]['code'];

/** The codes alone, in the list's order. */
export const CURRENCIES: readonly Currency[] = CURRENCY_LIST.map(({ code }) => code);

/** What an owner who never chose sells in (every owner before currencies existed). */
export const DEFAULT_CURRENCY: Currency = 'USD';

export function isCurrency(value: unknown): value is Currency {
  return isOneOf(CURRENCIES, value);
}

const MINOR_DIGITS = new Map<string, number>(CURRENCY_LIST.map(({ code, minorDigits }) => [code, minorDigits]));

/**
 * An amount in `currency`, written the reader's way with Intl.NumberFormat: `£28.00` in English, `28,00 €` in
 * Spanish, `‏28.00 ر.س.‏` in Arabic; with the currency's minor digits. A code Intl does not know (a bad stored
 * value) falls back to the amount and the code, never throws.
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  const digits = MINOR_DIGITS.get(currency) ?? 2;
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`;
  }
}

/**
 * The currency marks price lists write beside a number, and the currencies each may mean: `$` alone is any
 * dollar or peso, `US$` only the US dollar. Codes (`GBP`, `SAR`) mean themselves. Arabic marks are compared
 * without their dots and spaces (`ر.س`, `ر س`, `ر.س.`).
 */
const DOLLARS: readonly Currency[] = ['USD', 'MXN', 'COP', 'ARS', 'CLP', 'CAD', 'AUD', 'NZD', 'SGD', 'HKD'];
const CURRENCY_MARKS: Record<string, readonly Currency[]> = {
  $: DOLLARS,
  'US$': ['USD'],
  MX$: ['MXN'],
  CA$: ['CAD'],
  C$: ['CAD'],
  A$: ['AUD'],
  AU$: ['AUD'],
  NZ$: ['NZD'],
  S$: ['SGD'],
  HK$: ['HKD'],
  R$: ['BRL'],
  '€': ['EUR'],
  '£': ['GBP', 'EGP'],
  'UK£': ['GBP'],
  'E£': ['EGP'],
  '¥': ['JPY', 'CNY'],
  '₹': ['INR'],
  '₺': ['TRY'],
  '₦': ['NGN'],
  R: ['ZAR'],
  'رس': ['SAR'],
  'ريال': ['SAR', 'QAR', 'OMR'],
  'دإ': ['AED'],
  'درهم': ['AED', 'MAD'],
  'جم': ['EGP'],
  'جنيه': ['EGP'],
  'دك': ['KWD'],
  'رق': ['QAR'],
  'دب': ['BHD'],
  'رع': ['OMR'],
  'دا': ['JOD'],
  'دم': ['MAD'],
  'دت': ['TND'],
  'دج': ['DZD'],
};

/**
 * The currency a price text is written in: `undefined` when it has no mark (`28.00`), else the currencies its
 * mark may mean (`£28.00` → GBP or EGP, `US$ 24` → USD, `EUR 12,50` → EUR, `12 MXN` → MXN, `٢٨ ر.س` → SAR),
 * and an empty list for a mark that names no currency of CURRENCIES (`ZZZ 12`).
 */
export function priceCurrencies(text: string): readonly Currency[] | undefined {
  const mark = text
    .normalize('NFKC')
    .replace(/[\d\u0660-\u0669\u06f0-\u06f9.,'’\u066b\u066c\s\u00a0\u202f\u200e\u200f\u061c+\-\u2212]/g, '')
    .toUpperCase();
  if (mark === '') return undefined;
  if (isCurrency(mark)) return [mark];
  return CURRENCY_MARKS[mark] ?? [];
}

/**
 * Why a price text cannot be stored for a business selling in `currency`: it is written in another (`£28.00`,
 * `EUR 12,50` for a USD business). Null when it has no currency mark, or one that may mean `currency` (`$12`
 * for a MXN business). The importer and POST/PUT /api/products refuse such a price rather than store it as if
 * it were in `currency`.
 */
export function otherCurrencyMessage(price: string, currency: string): string | null {
  const currencies = priceCurrencies(price);
  if (currencies === undefined || (currencies as readonly string[]).includes(currency)) return null;
  const written = currencies.length === 1 ? currencies[0] : `"${price.trim()}"`;
  return `Price is in ${written}, not ${currency}, the business's currency`;
}
