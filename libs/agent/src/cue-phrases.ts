import { PACKS } from './languages';
import { normalize, tokenize } from './local/text';

/**
 * Cue phrases of several kinds, matched word by word over a normalised text's words in one pass. One large regular
 * expression per kind (a few hundred alternatives, with gaps and Arabic prefixes) took milliseconds per sentence;
 * looking phrases up by their first word takes microseconds. Syntax of a list: phrases separated by ", ", written
 * naturally (normalised here); a trailing `*` on a word takes any ending ("employee*"); `…` stands for up to two
 * other words, none of them one of the `gapStops` ("do not … share" finds "do not ever share" but not "do not
 * hesitate to share").
 */

type CueWord = { token: string; open: boolean } | 'gap';

interface Phrase<K> {
  kind: K;
  words: CueWord[];
}

/** Where a phrase of a kind was found: word indexes, `end` exclusive (the longest phrase of the kind there). */
export interface CueMatch<K> {
  kind: K;
  start: number;
  end: number;
}

/** A text as the phrases are matched against it: its normalised words, and what was found in them. */
export interface CueText<K> {
  /** The normalised text. */
  text: string;
  words: string[];
  /** Where each word ends in `text`. */
  ends: number[];
  matches: CueMatch<K>[];
  /** Whether a phrase of the kind is in the text. */
  has(kind: K): boolean;
}

/**
 * Articles and conjunctions that may stand before a word ("والموظفين", "بالموظفين"), longest first, by the letters such
 * a word starts with: the packs' cue reading. A word starting with those letters is read with and without them.
 */
const READINGS = PACKS.flatMap(({ writing }) => (writing.cueReading ? [writing.cueReading] : []));
const MAX_GAP = 2;
/** A word: letters and digits (matched, not split on: splitting on a Unicode pattern is far slower). */
const WORD = /[\p{L}\p{N}]+/gu;

function compile(phrase: string): CueWord[] {
  return phrase.split(' ').flatMap((word): CueWord[] => {
    if (word === '…') return ['gap'];
    const tokens = tokenize(word);
    return tokens.map((token, i) => ({ token, open: i === tokens.length - 1 && word.endsWith('*') }));
  });
}

/** Whether a word may carry an article or conjunction (its script has them). */
function mayHavePrefix(word: string): boolean {
  return READINGS.some(({ letters }) => letters.test(word));
}

/** The forms a text's word may be read as: itself, and without an article or conjunction. */
function formsOf(word: string): string[] {
  const reading = READINGS.find(({ letters }) => letters.test(word));
  if (!reading) return [word];
  const forms = [word];
  for (const prefix of reading.prefixes) {
    if (word.startsWith(prefix) && word.length - prefix.length >= 2) forms.push(word.slice(prefix.length));
  }
  return forms;
}

function formMatches(forms: readonly string[], cue: { token: string; open: boolean }): boolean {
  for (const form of forms) if (cue.open ? form.startsWith(cue.token) : form === cue.token) return true;
  return false;
}

export class CuePhrases<K extends string> {
  /** Phrases by their first token; phrases whose first word is open, by its first letter. */
  private readonly byFirst = new Map<string, Phrase<K>[]>();
  private readonly openByLetter = new Map<string, Phrase<K>[]>();
  private readonly gapStops: Set<string>;

  /** `lists`: each language's cue list of each kind. */
  constructor(lists: readonly Partial<Record<K, string>>[], gapStops: readonly string[] = []) {
    this.gapStops = new Set(gapStops.flatMap((list) => tokenize(list)));
    for (const table of lists) {
      for (const [kind, list] of Object.entries(table) as [K, string][]) {
        for (const phrase of list.split(', ')) this.add({ kind, words: compile(phrase) });
      }
    }
  }

  private add(phrase: Phrase<K>): void {
    const first = phrase.words[0];
    if (first === undefined || first === 'gap') return;
    const index = first.open ? this.openByLetter : this.byFirst;
    const key = first.open ? first.token[0] : first.token;
    const entries = index.get(key);
    if (entries) entries.push(phrase);
    else index.set(key, [phrase]);
  }

  /** Reads a text: its words and every place a phrase of each kind is in it, in order. */
  read(text: string): CueText<K> {
    const normalised = normalize(text);
    const words = normalised.match(WORD) ?? [];
    // Most sentences hold no word a phrase starts with: they are read without building anything more.
    if (!words.some((word) => this.mayStart(word))) {
      return { text: normalised, words, ends: [], matches: [], has: () => false };
    }
    const wordEnds: number[] = [];
    const forms: string[][] = [];
    const matches: CueMatch<K>[] = [];
    let at = 0;
    for (let i = 0; i < words.length; i++) {
      at = normalised.indexOf(words[i], at) + words[i].length;
      wordEnds.push(at);
      forms.push(formsOf(words[i]));
    }
    for (let i = 0; i < forms.length; i++) {
      let ends: Map<K, number> | undefined;
      for (let f = 0; f < forms[i].length; f++) {
        const form = forms[i][f];
        ends = this.tryAll(this.byFirst.get(form), forms, i, ends);
        ends = this.tryAll(this.openByLetter.get(form[0]), forms, i, ends);
      }
      if (ends) for (const [kind, end] of ends) matches.push({ kind, start: i, end });
    }
    return {
      text: normalised,
      words,
      ends: wordEnds,
      matches,
      has: (kind) => matches.some((match) => match.kind === kind),
    };
  }

  /** Whether a phrase may start at the word (in any of its forms). */
  private mayStart(word: string): boolean {
    if (mayHavePrefix(word)) return true;
    return this.byFirst.has(word) || this.openByLetter.has(word[0]);
  }

  /** The longest end of each kind among `phrases` matched from word `i`, added to `ends`. */
  private tryAll(
    phrases: readonly Phrase<K>[] | undefined,
    forms: readonly string[][],
    i: number,
    ends: Map<K, number> | undefined,
  ): Map<K, number> | undefined {
    if (phrases === undefined) return ends;
    let found = ends;
    for (let p = 0; p < phrases.length; p++) {
      const end = this.matchFrom(forms, i, phrases[p].words, 0);
      if (end < 0) continue;
      found ??= new Map();
      if (end > (found.get(phrases[p].kind) ?? -1)) found.set(phrases[p].kind, end);
    }
    return found;
  }

  /** The index after the phrase's words from `p` on, matched from word `i`; -1 when they do not match there. */
  private matchFrom(forms: readonly string[][], i: number, phrase: readonly CueWord[], p: number): number {
    if (p === phrase.length) return i;
    const cue = phrase[p];
    if (cue === 'gap') {
      for (let skip = 0; skip <= MAX_GAP; skip++) {
        if (skip > 0 && (i + skip - 1 >= forms.length || this.gapStops.has(forms[i + skip - 1][0]))) break;
        const end = this.matchFrom(forms, i + skip, phrase, p + 1);
        if (end >= 0) return end;
      }
      return -1;
    }
    if (i >= forms.length || !formMatches(forms[i], cue)) return -1;
    return this.matchFrom(forms, i + 1, phrase, p + 1);
  }
}
