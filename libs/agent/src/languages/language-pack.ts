import type { Language } from '@parley/contracts';
import type { Cues } from './cues';
import type { Phrasebook } from './phrasebook';
import type { PremisesWords, Vocabulary } from './vocabulary';

/**
 * How the words of a script are compared (local/text.ts): the letters written several ways that are one, the marks
 * dropped, and a deliberately light stem. Rules go by script, not by language: a word is stemmed by the first pack
 * (in LANGUAGES order) whose `word` it is written in, so languages sharing a script should share these notes.
 */
export interface WritingNotes {
  /** A normalised word written in this script only ("^[a-z]+$", "^\p{Script=Arabic}+$"). */
  word: RegExp;
  /** Letters written several ways that count as one (Arabic "أ", "إ", "آ" as "ا"), folded after lower-casing. */
  letterFolds?: readonly (readonly [RegExp, string])[];
  /** Marks dropped after Unicode decomposition (Arabic harakat, tatweel): the body of a character class. */
  marks?: string;
  /**
   * Articles and conjunction-articles a word may start with, longest first ("وال", "ال"): the stem drops the first
   * that leaves at least two letters, and word patterns accept them before a stem.
   */
  articles?: readonly string[];
  /** A one-letter conjunction ("و") the stem drops from a word of `minLength` letters or more without an article. */
  conjunction?: { prefix: string; minLength: number };
  /**
   * How a cue phrase's word is found in a text (cue-phrases.ts): a word starting with one of `letters` is also read
   * without each of `prefixes` (articles and one-letter clitics: "بالموظفين" as "الموظفين", "موظفين"), longest first.
   */
  cueReading?: { letters: RegExp; prefixes: readonly string[] };
  /** The plural ending the stem drops from a word longer than three letters, unless it ends in `keep` ("ss"). */
  plural?: { suffix: string; keep: string };
  /** How the script's words sound (local/sound.ts): a product named in another script is found by it. */
  sounds?: SoundNotes;
}

/**
 * The classes a sound key is written in, the same for every script: B (b p f v, and w read as a consonant), K (k c q
 * g j), T (t d th), S (s z sh ch), L, M, N, R. While a word is read, W stands for a letter that is a consonant or a
 * vowel by the word ("w", Arabic "و"), Z for an ending that is a sound or an inflection (a plural "s"): every reading
 * is a key. "." is a vowel or a silent letter.
 */
export type SoundClass = 'B' | 'K' | 'T' | 'S' | 'L' | 'M' | 'N' | 'R' | 'W' | 'Z' | '.';

/**
 * How a script's words are read into a sound key, a word's consonants in classes ({@link SoundClass}): "لابتوب" and
 * its Latin spelling share one, as do a Spanish spelling of a loanword and the English one. A rule of the script, never
 * a word list. catalogue-service's `sound_keys` SQL function applies the same rules to product names and messages
 * (test/product-sounds.integration-spec.ts compares the two): change both together.
 */
export interface SoundNotes {
  /** The script's tag on its keys ("latin"): a key matches across scripts more readily than within one. */
  script: string;
  /**
   * Letter groups read as one sound, rewritten in order on the normalised word (lower case, no accents or marks):
   * each written as its classes in upper case, which no later rewrite reads ("ch" → "S", "ph" → "B").
   */
  groups: readonly (readonly [RegExp, string])[];
  /** The letters of each class that are left after `groups`; a letter in none is read as ".". */
  letters: Readonly<Partial<Record<SoundClass, string>>>;
}

/**
 * How a message is recognised as written in this language (local/language.ts). A text with one of `letters` is in
 * the language outright; otherwise each language without `letters` counts its signs (a mark twice) and the one with
 * most wins, the earlier in LANGUAGES on a tie. The pack's vocabulary words that no other such language's vocabulary
 * holds count too, so that one commerce word is enough ("horario?", "envios", "refund").
 */
export interface DetectionNotes {
  /** Letters only this language uses among the packs (Arabic script). */
  letters?: RegExp;
  /** Common words (normalised) that the other languages of its script do not share. */
  words?: string;
  /** Marks almost only this language uses ("¿", "ñ"), counted twice each; a global pattern. */
  marks?: RegExp;
  /** Word endings the other languages of its script do not have ("-ción", "-mente"), over one normalised word. */
  endings?: RegExp;
}

/**
 * How the claim checks read prices, stock and codes in this language (claim-check.ts, knowledge-claims.ts). The
 * patterns are alternatives over normalised text (lower case, no accents, one Arabic letter form), joined with the
 * other packs' into one pattern each.
 */
export interface ClaimNotes {
  /** A word announcing a price ("costs 49", "el precio es de 49", "سعره 49"): the whole word. */
  priceWords: RegExp;
  /** A currency's name next to an amount ("49 dollars"): the whole word (ISO codes are the claim check's own). */
  currencyWords: RegExp;
  /** Small words that may stand between a price word and its amount ("costs only 49", "es de 49"). */
  fillers: string;
  /** Saying a product is out of stock; looked for before `inStock`, so "not available" is never "available". */
  outOfStock: RegExp;
  /** Saying a product is in stock, after no letter. */
  inStock: RegExp;
  /** A word announcing a code ("code", "cupón", "كود"): the whole word. */
  codeWords: RegExp;
}

/** How a customer's display name is judged (customer-name.ts), in this language's words, normalised. */
export interface NameNotes {
  /** Placeholders and handles that are nobody's name ("user", "usuario", "مستخدم"). */
  notNames: string;
  /** First words that name no one on their own and go with the next ("عبد" in "عبد الله"). */
  prefixes?: string;
}

/**
 * General words that point at one of several variants of a thing by size or price ("the big one", "la pequeña",
 * "الأرخص"), space-separated, each set holding the plain, comparative and superlative forms (local/follow-up.ts).
 */
export interface VariantWords {
  larger: string;
  smaller: string;
  middle: string;
  cheaper: string;
  dearer: string;
}

/**
 * How a question ties a qualifying phrase to the thing it asks about ("cakes for dogs", "wifi at the counter"), read
 * by the near-miss rule (local/near-miss.ts). Space-separated normalised words.
 */
export interface QualifierNotes {
  /** Prepositions that open a qualifying phrase. */
  prepositions: string;
  /** A preposition written onto its noun ("لل" in "للكلاب"), longest first. */
  prefixes?: readonly string[];
  /** Possessives: "for my son" speaks of the customer's own circumstances, not of a kind of thing. */
  possessives: string;
  /** Words of when ("tomorrow", "tonight", "mañana"): "for tomorrow" asks about timing, not a kind of thing. */
  timeWords: string;
  /**
   * Words that open a noun phrase (articles, quantifiers, "there is"): a word after one is a thing asked about ("is
   * there wifi", "¿hay un parque…", "في واي فاي"), not a verb or an adverb ("pay everything upfront for…"). The
   * writing notes' articles count too ("الواي").
   */
  determiners: string;
  /**
   * Words for what any business sells or does ("products", "services", "منتجاتكم"): a phrase about them asks about
   * everything the business offers ("a warranty on the products?"), never a kind of thing.
   */
  offerings: string;
}

/**
 * Everything the agent knows of one language, in one place (./<code>/): how it is written and recognised, the words
 * the local agent reads and says, and the phrases it looks for. The pipeline never branches on a language code: it
 * reads the packs (./index.ts). Word lists are general commerce and service language only, never a business's own
 * wording (tools/eval/agent-independence.spec.ts).
 */
export interface LanguagePack {
  code: Language;
  writing: WritingNotes;
  detection: DetectionNotes;
  /** Commerce and service concepts (topics, units, days, months…), each said in this language. */
  vocabulary: Vocabulary;
  /** Nouns for the business's own place ("shop", "taller", "عيادة"). */
  premises: PremisesWords;
  /** Words that say nothing about what the customer is after (local/retrieve.ts), space-separated. */
  stopWords: string;
  /** Title words that name no particular thing ("policy", "info"), space-separated. */
  genericTitleWords: string;
  /** Words a question may start with, normalised (a question need not end with "?"), space-separated. */
  questionStarts: string;
  /** The word for an order before its number ("order 48213", "pedido 48213"), after no letter or digit. */
  orderWords: RegExp;
  /** The phrases the classifier and the description reader look for. */
  cues: Cues;
  /** Size and price words that pick one variant ("the big one"). */
  variants: VariantWords;
  /** How a qualifying phrase is tied to the thing asked ("for dogs"). */
  qualifiers: QualifierNotes;
  claims: ClaimNotes;
  names: NameNotes;
  /** Every sentence the agent says in this language. */
  phrasebook: Phrasebook;
}
