import type { Language } from '@parley/contracts';
import {
  type Concept,
  DAYS,
  LANGUAGE_PACKS,
  LEADS,
  MONTHS,
  PACKS,
  TOPICS,
  UNITS,
  type Vocabulary,
} from '../languages';
import { normalize, tokenize } from './text';

// Saying an owner's text in the customer's language without inventing anything (docs/agent.md, "Knowledge in
// another language"): the numbers, amounts, times and names are kept exactly as written; the words the vocabulary
// packs know (returns, within, days, free, Monday…) are said in the customer's language.

type Kind = 'unit' | 'lead' | 'fact' | 'word';

interface Entry {
  tokens: string[];
  concept: Concept;
  /** The position of the form in its list (units: 0 singular, 1 plural). */
  form: number;
}

const UNIT_SET = new Set<Concept>(UNITS);
const LEAD_SET = new Set<Concept>(LEADS);
const FACT_SET = new Set<Concept>([...DAYS, ...MONTHS]);
const TOPIC_SET = new Set<Concept>(TOPICS);

function kindOf(concept: Concept): Kind {
  if (UNIT_SET.has(concept)) return 'unit';
  if (LEAD_SET.has(concept)) return 'lead';
  if (FACT_SET.has(concept)) return 'fact';
  return 'word';
}

/** Per language: a form's first word → its forms (longest first). */
function indexOf(vocabulary: Vocabulary): Map<string, Entry[]> {
  const index = new Map<string, Entry[]>();
  for (const [concept, forms] of Object.entries(vocabulary) as [Concept, readonly string[]][]) {
    forms.forEach((form, i) => {
      const tokens = tokenize(form);
      if (tokens.length === 0) return;
      const list = index.get(tokens[0]) ?? [];
      list.push({ tokens, concept, form: i });
      index.set(tokens[0], list);
    });
  }
  for (const list of index.values()) list.sort((a, b) => b.tokens.length - a.tokens.length);
  return index;
}

const INDEXES = Object.fromEntries(
  PACKS.map(({ code, vocabulary }) => [code, indexOf(vocabulary)]),
) as Record<Language, Map<string, Entry[]>>;

/** A number, an amount or a range as written ("£3.50", "07:00–15:00", "50%"), or a word. */
const PIECE =
  /[£$€¥]?\d[\d.,:]*(?:\s?[–-]\s?\d[\d.,:]*)?(?:\s?(?:%|€|£|\$|EUR|USD|GBP))?|\p{L}[\p{L}\p{M}'’]*/gu;
const DIGIT = /\d/;
const CAPITAL = /^\p{Lu}/u;

interface Word {
  raw: string;
  token: string;
  start: number;
  end: number;
}

function wordsOf(text: string): Word[] {
  return [...text.matchAll(PIECE)].map((m) => ({
    raw: DIGIT.test(m[0]) ? m[0].replace(/[.,:]+$/, '') : m[0],
    token: tokenize(m[0]).join(' '),
    start: m.index,
    end: m.index + m[0].length - (DIGIT.test(m[0]) ? m[0].length - m[0].replace(/[.,:]+$/, '').length : 0),
  }));
}

/** The vocabulary entry starting at word `i`, longest first. */
function entryAt(
  words: readonly Word[],
  i: number,
  index: Map<string, Entry[]>,
  kind?: Kind,
): Entry | undefined {
  return index
    .get(words[i].token)
    ?.find(
      (entry) =>
        (kind === undefined || kindOf(entry.concept) === kind) &&
        entry.tokens.every((token, k) => words[i + k]?.token === token),
    );
}

function say(concept: Concept, to: Language, form = 0): string {
  const forms = LANGUAGE_PACKS[to].vocabulary[concept];
  return forms[Math.min(form, forms.length - 1)] ?? '';
}

function isOne(raw: string): boolean {
  return normalize(raw).replace(/[^\d.]/g, '') === '1';
}

/** Whether `next` continues the name `word` is part of: capitalised, only a space apart, not a day or month. */
function continuesName(sentence: string, word: Word, next: Word, index: Map<string, Entry[]>): boolean {
  if (!CAPITAL.test(next.raw) || !/^\s+$/.test(sentence.slice(word.end, next.start))) return false;
  const entry = index.get(next.token)?.find((e) => e.tokens.length === 1);
  return !entry || kindOf(entry.concept) !== 'fact';
}

/**
 * The facts of one sentence in `to`, in the order written: numbers with their units, amounts, times, names,
 * days and months, and the words of the vocabulary (a lead such as "within" only joined to the fact after it;
 * other words dropped). "Returns are accepted within 7 days with the receipt." → "devolución, en un plazo de 7 días,
 * ticket". Empty when the sentence holds none.
 */
export function digestSentence(sentence: string, from: Language, to: Language): string {
  const words = wordsOf(sentence);
  const index = INDEXES[from];
  const pieces: string[] = [];
  let lead: string | null = null;
  const push = (text: string, isFact: boolean) => {
    const said = isFact && lead ? `${lead} ${text}` : text;
    lead = null;
    if (said !== '' && pieces[pieces.length - 1] !== said) pieces.push(said);
  };
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (DIGIT.test(word.raw)) {
      const unit = i + 1 < words.length ? entryAt(words, i + 1, index, 'unit') : undefined;
      if (unit) {
        push(`${word.raw} ${say(unit.concept, to, isOne(word.raw) ? 0 : 1)}`, true);
        i += unit.tokens.length;
      } else push(word.raw, true);
      continue;
    }
    const entry = entryAt(words, i, index);
    const capitalised = i > 0 && CAPITAL.test(word.raw);
    if (entry && !(capitalised && kindOf(entry.concept) !== 'fact')) {
      const kind = kindOf(entry.concept);
      i += entry.tokens.length - 1;
      if (kind === 'lead') lead = say(entry.concept, to);
      else if (kind === 'fact') push(say(entry.concept, to, entry.form === 1 ? 1 : 0), true);
      else if (kind === 'word' && entry.concept !== 'and') push(say(entry.concept, to), false);
      continue;
    }
    if (capitalised) {
      // A name: the capitalised words in a row ("Apple Pay", not "Visa, Mastercard"), as written.
      let end = i;
      while (end + 1 < words.length && continuesName(sentence, words[end], words[end + 1], index)) end++;
      push(sentence.slice(word.start, words[end].end), true);
      i = end;
      continue;
    }
    lead = null;
  }
  return pieces.join(', ');
}

/**
 * A short owner's text (a business fact such as the opening hours) with every word the vocabulary knows said in `to`
 * and everything else (times, names, punctuation) kept as written: "Tuesday to Sunday 07:00–15:00, closed on Mondays"
 * → "martes a domingo 07:00–15:00, cerrado los lunes".
 */
export function substitute(text: string, from: Language, to: Language): string {
  if (from === to) return text;
  const words = wordsOf(text);
  const index = INDEXES[from];
  let out = '';
  let copied = 0;
  for (let i = 0; i < words.length; i++) {
    if (DIGIT.test(words[i].raw)) continue;
    const entry = entryAt(words, i, index);
    // Only words whose sense does not hang on the sentence: days, months, units, "to", "closed", "daily"…
    if (!entry || TOPIC_SET.has(entry.concept)) continue;
    const last = words[i + entry.tokens.length - 1];
    const kind = kindOf(entry.concept);
    const plural = (kind === 'unit' || kind === 'fact') && entry.form === 1 ? 1 : 0;
    out += text.slice(copied, words[i].start) + say(entry.concept, to, plural);
    copied = last.end;
    i += entry.tokens.length - 1;
  }
  return (out + text.slice(copied)).replace(/\s{2,}/g, ' ').trim();
}
