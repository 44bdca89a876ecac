import { PACKS } from '../languages';

/**
 * Text folding shared by language detection, classification and retrieval, so that every language compares the
 * same way: "Cuánto", "cuanto" and "CUANTO" are one word, and so are "أسعار" and "اسعار". What is particular to a
 * script (its letter variants, marks, articles and plural ending) is in the language packs' writing notes.
 */

const NON_ASCII = /[^\p{ASCII}]/u;
/** Letters written several ways, folded as one (the packs' `letterFolds`). */
const LETTER_FOLDS = PACKS.flatMap((pack) => pack.writing.letterFolds ?? []);
/** Latin accents (after NFD), and the packs' marks (Arabic harakat, hamza marks, dagger alef and tatweel). */
const MARKS = new RegExp(`[\\u0300-\\u036f${PACKS.map((pack) => pack.writing.marks ?? '').join('')}]`, 'g');
const ARABIC_INDIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;
const NOT_WORD = /[^\p{L}\p{N}]+/u;
/** Each script's stemming notes: the first pack's for the words it writes (languages of one script share them). */
const STEMMING = PACKS.map((pack) => pack.writing).filter(
  (notes, i, all) => all.findIndex((other) => other.word.source === notes.word.source) === i,
);
/** What may stand before a word in a pattern: an article or a one-letter conjunction (Arabic "ال", "و"). */
const WORD_PREFIXES = [
  ...new Set(
    PACKS.flatMap(({ writing }) => [
      ...(writing.articles ?? []),
      ...(writing.conjunction ? [writing.conjunction.prefix] : []),
    ]),
  ),
].join('|');
/** What may follow a word in a pattern: a plural ending ("s"). */
const WORD_SUFFIXES = [
  ...new Set(PACKS.flatMap(({ writing }) => (writing.plural ? [writing.plural.suffix] : []))),
].join('|');
const PREFIX = WORD_PREFIXES === '' ? '' : `(?:${WORD_PREFIXES})?`;
const SUFFIX = WORD_SUFFIXES === '' ? '' : `(?:${WORD_SUFFIXES})?`;

/** Lower-cases, folds accents, unifies letter variants (Arabic) and turns Arabic-Indic digits into 0–9. */
export function normalize(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  let folded = text.toLowerCase();
  for (const [variants, letter] of LETTER_FOLDS) folded = folded.replace(variants, letter);
  return westernDigits(folded.normalize('NFD').replace(MARKS, ''));
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
 * A deliberately light stem of one normalised word, by its script's writing notes (the language packs): drops an
 * Arabic article or "و" prefix and a Latin plural "s", so "السعر" matches "سعر" and "prices" matches "price".
 */
export function stem(token: string): string {
  const notes = STEMMING.find(({ word }) => word.test(token));
  if (!notes) return token;
  const article = notes.articles?.find((a) => token.startsWith(a) && token.length - a.length >= 2);
  if (article) return token.slice(article.length);
  const { conjunction, plural } = notes;
  if (conjunction && token.startsWith(conjunction.prefix) && token.length >= conjunction.minLength) {
    return token.slice(conjunction.prefix.length);
  }
  if (plural && token.length > 3 && token.endsWith(plural.suffix) && !token.endsWith(plural.keep)) {
    return token.slice(0, -plural.suffix.length);
  }
  return token;
}

/**
 * A pattern that finds, in normalised text, the words that may stem to one of `stems`: the stem itself, after an
 * article or conjunction, or before a plural ending ("runners", "والسعر"). Group 1 is the stem; a match is certain
 * when `stem(match[0]) === match[1]`. Scanning a text with it is far cheaper than tokenizing the text. `stems` must
 * not be empty.
 */
export function wordFormsPattern(stems: readonly string[]): RegExp {
  const alternatives = [...stems].sort((a, b) => b.length - a.length).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])${PREFIX}(${alternatives})${SUFFIX}(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * A pattern that finds, in normalised text, a phrase whose words stem to `stems` in that order, each in any form
 * {@link wordFormsPattern} accepts, with anything but letters and digits between them ("aero-5 kettles" for
 * "Aero 5 Kettle"). `stems` must not be empty.
 */
export function phrasePattern(stems: readonly string[]): RegExp {
  const words = stems.map((s) => `${PREFIX}${s}${SUFFIX}`).join('[^\\p{L}\\p{N}]+');
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
