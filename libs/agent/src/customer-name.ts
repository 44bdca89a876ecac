import { PACKS } from './languages';
import { normalize } from './local/text';

/**
 * When a customer's display name may be used as their name. The platforms hand us whatever the sender's profile
 * says ("img", "user123", "<b>x</b>", "🔥🔥", a URL): addressing a customer by that is worse than by no name.
 */

/** Longest plausible name, one of its words, and most words ("María del Carmen de la Fuente"). */
const MAX_NAME_CHARS = 60;
const MAX_WORD_CHARS = 30;
const MAX_WORDS = 6;

/** Emoji (with their joiners, variation selectors, skin tones and flags): left out, the name around them kept. */
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u200d|\ufe0e|\ufe0f|\u20e3/gu;
/** Direction marks that platforms put around right-to-left names. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;
/** Control, format (bidi overrides, zero-width), private-use and unassigned characters. */
const INVISIBLE = /\p{C}/u;
/**
 * One word of a name: letters (with their marks), joined by an apostrophe or hyphen ("O'Brien", "Anne-Marie",
 * "N’Golo"). Each repetition starts with its separator, so matching is linear.
 */
const WORD = /^\p{L}[\p{L}\p{M}]*(?:['’‐-]\p{L}[\p{L}\p{M}]*)*$/u;
/** A later word may be an initial ("Anne M."). */
const INITIAL = /^\p{L}\.?$/u;
const LATIN = /\p{Script=Latin}/u;
const ARABIC = /\p{Script=Arabic}/u;
const LATIN_VOWEL = /[aeiouy]/;
/** One letter three times or more: "xxx", "aaaa". */
const REPEATED = /^(\p{L})\1{2,}$/u;

/**
 * Words that are placeholders, handles, markup or channel names rather than anyone's name (the packs' `notNames`),
 * normalised (lower case, no accents, Arabic letter variants unified; see `normalize`). A name with any of them is
 * not used.
 */
const NOT_NAMES = new Set(PACKS.flatMap(({ names }) => names.notNames.split(' ').map(normalize)));

/** The name's words each written in one script, so "pаypal" with a Cyrillic "а" is not a name. */
function oneScript(word: string): boolean {
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (LATIN.test(letters)) return /^\p{Script=Latin}+$/u.test(letters);
  if (ARABIC.test(letters)) return /^\p{Script=Arabic}+$/u.test(letters);
  return true;
}

function letterCount(word: string): number {
  return word.replace(/[^\p{L}]/gu, '').length;
}

/**
 * The customer's display name, tidied (spaces collapsed, emoji left out), when it is plausibly a person's name in
 * Latin (accents included), Arabic or another single script: "Maria", "José Luis", "محمد", "O'Brien",
 * "Anne-Marie", "Anne M.". Otherwise null: markup, URLs and e-mail addresses (any character other than letters,
 * spaces, apostrophes, hyphens and an initial's dot), digits, invisible or control characters, emoji only, more
 * than 60 characters or 6 words, single letters, a first word without a vowel (Latin) or of one letter, a letter
 * repeated ("xxx"), and placeholders or handles such as "img", "user", "test", "guest".
 */
export function plausibleName(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const visible = raw.replace(EMOJI, ' ').replace(DIRECTION_MARKS, '');
  if (INVISIBLE.test(visible)) return null;
  const name = visible.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name.length < 2 || name.length > MAX_NAME_CHARS) return null;
  const words = name.split(' ');
  if (words.length > MAX_WORDS) return null;
  for (const [i, word] of words.entries()) {
    if (word.length > MAX_WORD_CHARS || !oneScript(word)) return null;
    if (!WORD.test(word) && (i === 0 || !INITIAL.test(word))) return null;
    const folded = normalize(word);
    if (NOT_NAMES.has(folded) || REPEATED.test(folded)) return null;
  }
  const first = words[0];
  if (letterCount(first) < 2) return null;
  if (LATIN.test(first) && !LATIN_VOWEL.test(normalize(first))) return null;
  return name;
}

/** First words that name no one on their own: "عبد الله", "أبو بكر", "Abu Bakr" are addressed whole (the packs'). */
const NAME_PREFIXES = new Set(PACKS.flatMap(({ names }) => names.prefixes?.split(' ').map(normalize) ?? []));

/**
 * The name a greeting addresses the customer by: the first word of a plausible name ("Maria Lopez" → "Maria"),
 * with the next when the first is "عبد", "أبو" and the like; otherwise null.
 */
export function greetingName(raw: string | null | undefined): string | null {
  const words = plausibleName(raw)?.split(' ');
  if (!words) return null;
  return NAME_PREFIXES.has(normalize(words[0])) && words.length > 1 ? `${words[0]} ${words[1]}` : words[0];
}
