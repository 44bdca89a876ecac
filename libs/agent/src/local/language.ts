import { DEFAULT_LANGUAGE, type Language } from '@parley/contracts';
import { type LanguagePack, PACKS } from '../languages';
import { tokenize } from './text';

/** The languages recognised by their letters alone (Arabic script): any such letter decides. */
const BY_LETTERS = PACKS.flatMap(({ code, detection: { letters } }) => (letters ? [{ code, letters }] : []));

/** The one-word forms of a pack's vocabulary, three letters or more. */
function vocabularyWords(pack: LanguagePack): Set<string> {
  const words = Object.values(pack.vocabulary).flatMap((forms) =>
    forms.map((form) => tokenize(form)).filter((tokens) => tokens.length === 1 && tokens[0].length >= 3),
  );
  return new Set(words.map(([word]) => word));
}

/** A language recognised by its signs, and what counts as one. */
interface Signs {
  code: Language;
  words: Set<string>;
  /** Commerce words no other such language's vocabulary has ("horario", "devoluciones"; "shipping", "refund"). */
  only: Set<string>;
  marks?: RegExp;
  endings?: RegExp;
}

/** The languages that share a script, recognised by their words, marks and endings (English and Spanish). */
const BY_SIGNS: Signs[] = (() => {
  const scored = PACKS.filter((pack) => !pack.detection.letters);
  const vocabularies = scored.map(vocabularyWords);
  return scored.map(({ code, detection }, i) => ({
    code,
    words: new Set(detection.words?.split(' ') ?? []),
    only: new Set(
      [...vocabularies[i]].filter((word) => !vocabularies.some((other, j) => j !== i && other.has(word))),
    ),
    marks: detection.marks,
    endings: detection.endings,
  }));
})();

/**
 * The language a text is clearly written in, or null when it gives no sign (e.g. "ok", "👍", "#1234"). A letter of a
 * language's own script decides (Arabic customers write product names in Latin letters); otherwise each language's
 * words, marks and endings are counted, the packs' commerce words included, so that a single word ("horario?",
 * "envios") is enough. On a tie, the earlier language in LANGUAGES.
 */
export function languageSignal(text: string): Language | null {
  for (const { code, letters } of BY_LETTERS) if (letters.test(text)) return code;
  const scores = BY_SIGNS.map(({ marks }) => (marks ? (text.match(marks)?.length ?? 0) * 2 : 0));
  for (const token of tokenize(text)) {
    BY_SIGNS.forEach(({ words, only, endings }, i) => {
      if (words.has(token) || only.has(token) || endings?.test(token)) scores[i] += 1;
    });
  }
  let best = -1;
  scores.forEach((score, i) => {
    if (score > 0 && (best < 0 || score > scores[best])) best = i;
  });
  return best < 0 ? null : BY_SIGNS[best].code;
}

/**
 * The customer's language: a script of its own (Arabic), or the language whose words and marks the message shows
 * most, otherwise the default (English). A message with no sign of its own takes the language of the latest of
 * `earlierMessages` (oldest first) that has one.
 */
export function detectLanguage(message: string, earlierMessages: readonly string[] = []): Language {
  const own = languageSignal(message);
  if (own) return own;
  for (let i = earlierMessages.length - 1; i >= 0; i--) {
    const earlier = languageSignal(earlierMessages[i]);
    if (earlier) return earlier;
  }
  return DEFAULT_LANGUAGE;
}
