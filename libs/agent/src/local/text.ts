/**
 * Text folding shared by language detection, classification and retrieval, so that the three languages
 * compare the same way: "Cuánto", "cuanto" and "CUANTO" are one word, and so are "أسعار" and "اسعار".
 */

const NON_ASCII = /[^\p{ASCII}]/u;
const ALEF_VARIANTS = /[أإآٱ]/g;
/** Latin accents (after NFD), Arabic harakat, hamza marks, dagger alef and tatweel. */
const MARKS = /[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g;
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
const ARABIC_WORD = /^\p{Script=Arabic}+$/u;
const LATIN_WORD = /^[a-z]+$/;
/** Article and conjunction prefixes (after folding), longest first. */
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** What may stand before a word in a pattern: an Arabic article or conjunction prefix. */
const WORD_PREFIXES = [...ARABIC_PREFIXES, 'و'].join('|');

/** Lower-cases, folds accents, unifies Arabic letter variants and turns Arabic-Indic digits into 0–9. */
export function normalize(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  const folded = text
    .toLowerCase()
    .replace(ALEF_VARIANTS, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .normalize('NFD')
    .replace(MARKS, '');
  return westernDigits(folded);
}

/** Arabic-Indic and Persian digits as 0–9. */
export function westernDigits(text: string): string {
  // Both digit blocks start at a code point ending in 0 (U+0660, U+06F0), so the low nibble is the digit.
  return text.replace(ARABIC_INDIC_DIGITS, (digit) => String(digit.charCodeAt(0) & 0xf));
}

/** The normalised words of a text, in order. */
export function tokenize(text: string): string[] {
  return normalize(text)
    .split(NOT_WORD)
    .filter((token) => token.length > 0);
}

/**
 * A deliberately light stem of one normalised word: drops an Arabic article or "و" prefix and a Latin plural
 * "s", so "السعر" matches "سعر" and "prices" matches "price".
 */
export function stem(token: string): string {
  if (ARABIC_WORD.test(token)) {
    const prefix = ARABIC_PREFIXES.find((p) => token.startsWith(p) && token.length - p.length >= 2);
    if (prefix) return token.slice(prefix.length);
    return token.startsWith('و') && token.length >= 4 ? token.slice(1) : token;
  }
  if (LATIN_WORD.test(token) && token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) {
    return token.slice(0, -1);
  }
  return token;
}

/**
 * A pattern that finds, in normalised text, the words that may stem to one of `stems`: the stem itself, after an
 * Arabic prefix, or before a plural "s" ("runners", "والسعر"). Group 1 is the stem; a match is certain when
 * `stem(match[0]) === match[1]`. Scanning a text with it is far cheaper than tokenizing the text. `stems` must not
 * be empty.
 */
export function wordFormsPattern(stems: readonly string[]): RegExp {
  const alternatives = [...stems].sort((a, b) => b.length - a.length).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${WORD_PREFIXES})?(${alternatives})s?(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * A pattern that finds, in normalised text, a phrase whose words stem to `stems` in that order, each in any form
 * {@link wordFormsPattern} accepts, with anything but letters and digits between them ("aero-5 kettles" for
 * "Aero 5 Kettle"). `stems` must not be empty.
 */
export function phrasePattern(stems: readonly string[]): RegExp {
  const words = stems.map((s) => `(?:${WORD_PREFIXES})?${s}s?`).join('[^\\p{L}\\p{N}]+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'gu');
}

/** Collapses whitespace and shortens to at most `max` characters at a word boundary, marking the cut with "…". */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:،-]+$/u, '')}…`;
}
