import type { AgentContext } from '../agent-provider';
import { DAYS, MONTHS, PACKS, UNITS } from '../languages';
import { productTalkWord } from './classify';
import { directionOf } from './follow-up';
import { genericWords, isAspectWord, termsHeldBy, termsOf } from './retrieve';
import { normalize, stem, tokenize } from './text';

/**
 * Near-miss unknowns: a question about something the business does not offer or say that shares a word with
 * something it does ("do you make cakes for dogs?" beside birthday cakes; "is there wifi at the counter?" beside a
 * passage about the counter). Any word of a question may be missing from the business's material (half the
 * answerable questions have one), so the rule looks only at the asked thing's phrase: a head word and the
 * qualifying phrase a preposition ties to it ("cakes | for dogs", "wifi | at the counter"), or a name written before
 * it (an origin or a brand: "real Xville | vanilla"). When a product or passage
 * is about one side of that phrase and nothing the business wrote holds the other, the neighbour answers a different
 * question: the agent says it does not know. A qualifier of the customer's own circumstances ("for my son"), of time ("for tomorrow"), a number,
 * a size or price word, or an aspect ("for kids", "for 20 people") is no kind of thing and is left alone.
 */

const words = (text: string) => tokenize(text);
const PREPOSITIONS = new Set(PACKS.flatMap(({ qualifiers }) => words(qualifiers.prepositions)));
const PREFIXES = PACKS.flatMap(({ qualifiers }) => (qualifiers.prefixes ?? []).map(normalize));
const DETERMINERS = new Set(PACKS.flatMap(({ qualifiers }) => words(qualifiers.determiners)));
const ARTICLES = PACKS.flatMap(({ writing }) => (writing.articles ?? []).map(normalize));
const POSSESSIVES = new Set(PACKS.flatMap(({ qualifiers }) => words(qualifiers.possessives)));
/** Words of when, stemmed: the packs' time words, days, months and units of time or distance. */
const TIME_WORDS = new Set(
  PACKS.flatMap(({ qualifiers, vocabulary }) => [
    ...words(qualifiers.timeWords),
    ...[...DAYS, ...MONTHS, ...UNITS, 'weekend', 'holidays', 'daily', 'sameDay'].flatMap((concept) =>
      vocabulary[concept as keyof typeof vocabulary].flatMap(words),
    ),
  ]).map(stem),
);
/** Title words that name no particular thing ("policy", "options") and words for all a business offers, stemmed. */
const GENERIC_WORDS = new Set(
  PACKS.flatMap(({ genericTitleWords, qualifiers }) => [
    ...words(genericTitleWords),
    ...words(qualifiers.offerings),
  ]).map(stem),
);
/** A word written as a name: a capital and then small letters ("Xville", not "USB" or "ok"). */
const NAME_CASE = /^\p{Lu}\p{Ll}+$/u;
/** How far past the preposition the qualifier's noun may be ("at the coffee counter", "para los perros"). */
const QUALIFIER_REACH = 3;

/** A head word and the first noun of the phrase qualifying it, stemmed. */
export interface QualifiedPhrase {
  head: string;
  qualifier: string;
  /** Whether the head opens with a determiner or an article ("there wifi", "a playground", "الواي"): surely a thing. */
  opened: boolean;
}

/** Whether the word at `i` starts a noun phrase: after a determiner, or written with an article. */
function opensPhrase(tokens: readonly string[], i: number): boolean {
  return (
    (i > 0 && DETERMINERS.has(tokens[i - 1])) ||
    ARTICLES.some((article) => tokens[i].startsWith(article) && tokens[i].length - article.length >= 2)
  );
}

/** Whether a token names a kind of thing: a meaningful word that is no product talk, number, size, aspect or time. */
function namesAThing(token: string, generic: ReadonlySet<string>): boolean {
  const [term] = termsOf(token);
  return (
    term !== undefined &&
    !generic.has(term) &&
    !GENERIC_WORDS.has(term) &&
    !productTalkWord(term) &&
    !/\d/.test(term) &&
    directionOf(term) === undefined &&
    !isAspectWord(term) &&
    !TIME_WORDS.has(term)
  );
}

/** The message's head words with their qualifiers, clause by clause. */
export function qualifiedPhrases(message: string, companyName?: string): QualifiedPhrase[] {
  const generic = genericWords(companyName);
  // The business's own nouns may be the thing asked about ("a branch in…"), never a qualifier ("…at your shop").
  const companyWords = new Set(companyName ? termsOf(companyName) : []);
  const phrases: QualifiedPhrase[] = [];
  for (const clause of message.split(/[.!?؟,;:\n]+/u)) {
    const written = clause.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
    const tokens = written.map(normalize);
    for (let i = 1; i < tokens.length; i++) {
      // A name written before the thing ("real Xville vanilla", "a Brandco charger"): an origin or a brand qualifies
      // it. Not the clause's first word, which is capitalised anyway.
      if (i >= 2 && NAME_CASE.test(written[i - 1]) && namesAThing(tokens[i], companyWords)) {
        const name = termsOf(tokens[i - 1])[0];
        if (name !== undefined && namesAThing(tokens[i - 1], generic)) {
          // Only the name may be the missing side: the word after it may be a verb ("the Xville Wreath come with…").
          phrases.push({ head: termsOf(tokens[i])[0], qualifier: name, opened: false });
        }
      }
      const head = tokens[i - 1];
      if (!namesAThing(head, companyWords)) continue;
      const prefix = PREFIXES.find((p) => tokens[i].startsWith(p) && tokens[i].length - p.length >= 3);
      let qualifier: string | undefined;
      if (prefix) qualifier = tokens[i].slice(prefix.length);
      else if (PREPOSITIONS.has(tokens[i])) {
        for (const next of tokens.slice(i + 1, i + 1 + QUALIFIER_REACH)) {
          if (POSSESSIVES.has(next)) break;
          if (termsOf(next).length === 0) continue;
          qualifier = next;
          break;
        }
      }
      if (qualifier && namesAThing(qualifier, generic)) {
        phrases.push({
          head: termsOf(head)[0],
          qualifier: termsOf(qualifier)[0],
          opened: opensPhrase(tokens, i - 1),
        });
      }
    }
  }
  return phrases;
}

/**
 * Whether the message asks about a thing whose phrase the business's material holds one side of while nothing holds
 * the other (topic words count for each other: "delivery" is held by "shipping"). The side held names what a product
 * or passage is about (a product's name, category or features, a passage's title or tags: the neighbour); the side
 * missing is in no product, passage or company description. A missing head must be a thing asked about ("is there
 * wifi at the counter?", {@link QualifiedPhrase.opened}), not a verb or adverb the material says otherwise ("do I pay
 * upfront for a custom cake?").
 */
export function nearMiss(message: string, context: AgentContext): boolean {
  const phrases = qualifiedPhrases(message, context.company.name);
  if (phrases.length === 0) return false;
  const about = [
    ...context.knowledge.map((item) => `${item.title}\n${(item.tags ?? []).join(' ')}`),
    ...context.products.map(
      (product) => `${product.name}\n${product.category}\n${product.features.join('\n')}`,
    ),
  ];
  const material = [
    ...about,
    ...context.knowledge.map((item) => item.content),
    ...context.products.map((product) => product.description),
    context.company.description,
  ];
  const holds = (texts: readonly string[], term: string) =>
    texts.some((text) => termsHeldBy(text, [term], true).size > 0);
  return phrases.some(
    ({ head, qualifier, opened }) =>
      (holds(about, head) && !holds(material, qualifier)) ||
      (opened && holds(about, qualifier) && !holds(material, head)),
  );
}
