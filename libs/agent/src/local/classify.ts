import {
  type Intent,
  type Language,
  type LeadPotential,
  messageUrgency,
  URGENCY_LEVELS,
  type UrgencyLevel,
} from '@parley/contracts';
import type { MessageAnalysis } from '../agent-provider';
import { type Cues, type CuedIntent, type FactAsked, type LanguagePack, PACKS } from '../languages';
import { stem, tokenize } from './text';

/** A message as the phrase rules see it: its normalised words, as written and stemmed, joined by single spaces. */
interface PreparedText {
  plain: string;
  stemmed: string;
}

/** One cue phrase, matched against the plain words or (so "السعر" finds "سعر") the stemmed words. */
interface Phrase {
  plain: RegExp;
  stemmed: RegExp;
  /** The first word as it must appear in the plain and in the stemmed text for a pattern to match. */
  plainWord: string;
  stemmedWord: string;
}

interface IntentRule {
  intent: CuedIntent;
  weight: number;
  phrase: Phrase;
}

/** When two intents score the same, the earlier one wins: a problem outranks a question, a question a hello. */
const PRECEDENCE: readonly CuedIntent[] = [
  'complaint',
  'order_status',
  'purchase_intent',
  'pricing',
  'product_inquiry',
  'support',
  'greeting',
];

function prepare(text: string): PreparedText {
  const tokens = tokenize(text);
  return { plain: tokens.join(' '), stemmed: tokens.map(stem).join(' ') };
}

/** Normalised tokens hold only letters and digits, so they need no regex escaping. */
function wordsPattern(words: readonly { token: string; prefix: boolean }[], stemmed: boolean): RegExp {
  const body = words
    .map(({ token, prefix }) => (stemmed ? stem(token) : token) + (prefix ? '\\S*' : ''))
    .join(' ');
  return new RegExp(`(?:^| )${body}(?= |$)`);
}

/** The phrases of one cue list ("how much, price*, cost*"). */
function phrasesOf(list: string): string[] {
  return list.split(', ');
}

function compilePhrase(phrase: string): Phrase {
  const words = phrase.split(' ').flatMap((word) => {
    const tokens = tokenize(word);
    return tokens.map((token, i) => ({ token, prefix: word.endsWith('*') && i === tokens.length - 1 }));
  });
  return {
    plain: wordsPattern(words, false),
    stemmed: wordsPattern(words, true),
    plainWord: words[0]?.token ?? '',
    stemmedWord: words[0] ? stem(words[0].token) : '',
  };
}

/** Something compiled once per language pack. */
function perLanguage<T>(compile: (pack: LanguagePack) => T): Record<Language, T> {
  return Object.fromEntries(PACKS.map((pack) => [pack.code, compile(pack)])) as Record<Language, T>;
}

/** The kinds of cue that are one list of phrases. */
type CueList = { [K in keyof Cues]: Cues[K] extends string ? K : never }[keyof Cues];

/** One kind of cue phrase of every language, compiled. */
function compileAll(kind: CueList): Record<Language, Phrase[]> {
  return perLanguage(({ cues }) => phrasesOf(cues[kind]).map(compilePhrase));
}

function compileIntentRules(cues: Cues): IntentRule[] {
  return PRECEDENCE.flatMap((intent) =>
    Object.entries(cues.intents[intent]).flatMap(([weight, list]) =>
      phrasesOf(list).map((phrase) => ({ intent, weight: Number(weight), phrase: compilePhrase(phrase) })),
    ),
  );
}

function compileFacts(cues: Cues): [FactAsked, Phrase[]][] {
  return Object.entries(cues.facts).map(([fact, list]) => [
    fact as FactAsked,
    phrasesOf(list).map(compilePhrase),
  ]);
}

const INTENT_RULES = perLanguage(({ cues }) => compileIntentRules(cues));
const URGENT = compileAll('urgent');
const ANGER = compileAll('anger');
const ORDER_PROBLEM = compileAll('orderProblem');
const BUYING = compileAll('buying');
const ABOUT_BUSINESS = compileAll('aboutBusiness');
const OWNER_ONLY = compileAll('ownerOnly');
const MEASURE = compileAll('measure');
const PERSON = compileAll('person');
const WHERE = compileAll('where');
/** Each language's nouns for the business's place, stemmed. */
const PREMISES_STEMS = perLanguage(({ premises }) => new Set(premises.flatMap(tokenize).map(stem)));
const FACTS = perLanguage(({ cues }) => compileFacts(cues));
/** Every language's units of a quantity, in any language's message ("3 units", "2 pares"). */
const UNITS = PACKS.flatMap(({ cues }) => phrasesOf(cues.quantityUnits)).map((unit) =>
  tokenize(unit).join(' '),
);
/** "3 units", "2 pares", "٥ قطع", "3 of the …". */
const QUANTITY = new RegExp(`(?:^| )\\d{1,4} ?(?:${UNITS.join('|')})(?= |$)`);

/** Intents whose words can ask about a product without naming it ("how much?", "I'll take it", "what sizes?"). */
const PRODUCT_TALK: readonly CuedIntent[] = ['greeting', 'product_inquiry', 'pricing', 'purchase_intent'];

/** Every word those intents' phrases use (stemmed), and the stems of their `*` words. */
const CUE_WORDS = new Set<string>();
const CUE_WORD_PREFIXES: string[] = [];
for (const { cues } of PACKS) {
  for (const list of PRODUCT_TALK.flatMap((intent) => Object.values(cues.intents[intent]))) {
    for (const word of phrasesOf(list).flatMap((phrase) => phrase.split(' '))) {
      const stems = tokenize(word).map(stem);
      if (word.endsWith('*')) CUE_WORD_PREFIXES.push(...stems.slice(-1));
      else stems.forEach((s) => CUE_WORDS.add(s));
    }
  }
}

/**
 * Whether a message's meaningful words only ask about a product without naming one ("how much is it?", "I'll take
 * 2", "¿cuánto cuesta?"): such a message is about what the conversation discussed before.
 */
export function refersBack(terms: readonly string[]): boolean {
  return terms.every((term) => /^\d+$/.test(term) || productTalkWord(term));
}

/** Whether a stemmed word is one of the words that ask about a product without naming it ("much", "price", "stock"). */
export function productTalkWord(term: string): boolean {
  return CUE_WORDS.has(term) || CUE_WORD_PREFIXES.some((prefix) => term.startsWith(prefix));
}

/** The substring checks rule most phrases out far more cheaply than their patterns. */
function matches(text: PreparedText, phrase: Phrase): boolean {
  return (
    (text.plain.includes(phrase.plainWord) && phrase.plain.test(text.plain)) ||
    (text.stemmed.includes(phrase.stemmedWord) && phrase.stemmed.test(text.stemmed))
  );
}

function matchesAny(text: PreparedText, phrases: readonly Phrase[]): boolean {
  return phrases.some((phrase) => matches(text, phrase));
}

/**
 * The intent whose phrases weigh most (ties by {@link PRECEDENCE}); a message that only names a catalogue product
 * ("Trail Runner X2?", "hi, the blue kettle") is a product inquiry, and any other question no phrase places (how
 * long records are kept, what the age limit is) asks for information: support. Asking what the business is stays
 * `other`.
 */
function classifyIntent(
  message: string,
  text: PreparedText,
  language: Language,
  mentionsProduct: boolean,
): Intent {
  const scores = new Map<CuedIntent, number>();
  for (const rule of INTENT_RULES[language]) {
    if (matches(text, rule.phrase)) scores.set(rule.intent, (scores.get(rule.intent) ?? 0) + rule.weight);
  }
  let best: Intent = 'other';
  let bestScore = 0;
  for (const intent of PRECEDENCE) {
    const score = scores.get(intent) ?? 0;
    if (score > bestScore) [best, bestScore] = [intent, score];
  }
  if (mentionsProduct && (best === 'other' || best === 'greeting')) return 'product_inquiry';
  // Naming the order alone does not ask where it is: such a question is a request for information.
  const placed = best !== 'other' && !(best === 'order_status' && bestScore <= 1);
  if (!placed && isQuestion(message) && !matchesAny(text, ABOUT_BUSINESS[language])) return 'support';
  return best;
}

/** The spec's quick heuristic is the floor; urgent words, anger about a problem and failed deliveries raise it. */
function urgencyOf(message: string, text: PreparedText, language: Language, intent: Intent): UrgencyLevel {
  const troubled = intent === 'complaint' || intent === 'order_status';
  let own: UrgencyLevel = 'low';
  if (
    matchesAny(text, URGENT[language]) ||
    (troubled && (matchesAny(text, ANGER[language]) || matchesAny(text, ORDER_PROBLEM[language])))
  ) {
    own = 'high';
  } else if (troubled || intent === 'purchase_intent') {
    own = 'medium';
  }
  const floor = messageUrgency(message);
  return URGENCY_LEVELS.indexOf(own) > URGENCY_LEVELS.indexOf(floor) ? own : floor;
}

/**
 * A buyer is a lead: ready to buy → high; asking about products or prices → medium, or high with buying signs
 * (a quantity, bulk or business buying, asking how to order); someone who already bought and has a problem → low.
 */
function leadPotentialOf(text: PreparedText, language: Language, intent: Intent): LeadPotential {
  const buying = QUANTITY.test(text.plain) || matchesAny(text, BUYING[language]);
  switch (intent) {
    case 'purchase_intent':
      return 'high';
    case 'pricing':
    case 'product_inquiry':
      return buying ? 'high' : 'medium';
    case 'complaint':
    case 'order_status':
      return 'low';
    case 'greeting':
    case 'support':
    case 'other':
      return buying ? 'medium' : 'low';
  }
}

/**
 * Intent, urgency and lead potential of one customer message in its detected language. `mentionsProduct` says
 * whether the message names something in the owner's catalogue.
 */
export function analyseMessage(
  message: string,
  language: Language,
  mentionsProduct: boolean,
): MessageAnalysis {
  const text = prepare(message);
  const intent = classifyIntent(message, text, language, mentionsProduct);
  return {
    intent,
    urgency: urgencyOf(message, text, language, intent),
    lead_potential: leadPotentialOf(text, language, intent),
  };
}

/** The phrases that ask about a product itself: its price, stock, features ("how much", "in stock", "¿tienen…?"). */
const PRODUCT_QUESTION = perLanguage(({ code }) =>
  INTENT_RULES[code]
    .filter((r) => r.intent === 'pricing' || r.intent === 'product_inquiry')
    .map((r) => r.phrase),
);

/** The phrases that ask a price ("how much", "¿cuánto cuesta?", "بكم"). */
const PRICE_QUESTION = perLanguage(({ code }) =>
  INTENT_RULES[code].filter((r) => r.intent === 'pricing').map((r) => r.phrase),
);

/** Whether the message asks a price. */
export function asksPrice(message: string, language: Language): boolean {
  return matchesAny(prepare(message), PRICE_QUESTION[language]);
}

/** Whether the message asks about a product itself (its price, stock or features), not only about a policy. */
export function asksAboutProduct(message: string, language: Language): boolean {
  return matchesAny(prepare(message), PRODUCT_QUESTION[language]);
}

/** Whether the message asks what the business is or does ("what do you sell?", "¿quiénes son?", "من أنتم؟"). */
export function asksAboutBusiness(message: string, language: Language): boolean {
  return matchesAny(prepare(message), ABOUT_BUSINESS[language]);
}

/** The business facts the message asks for ("when are you open?" → openingHours), in the cues' `facts` order. */
export function factsAsked(message: string, language: Language): FactAsked[] {
  const text = prepare(message);
  const where =
    matchesAny(text, WHERE[language]) &&
    text.stemmed.split(' ').some((word) => PREMISES_STEMS[language].has(word));
  return FACTS[language]
    .filter(([fact, phrases]) => matchesAny(text, phrases) || (fact === 'address' && where))
    .map(([fact]) => fact);
}

/** Whether the message asks about something only the owner can tell (a policy, a weight, a date, a discount). */
export function asksOwnerOnly(message: string, language: Language): boolean {
  return matchesAny(prepare(message), OWNER_ONLY[language]);
}

/** Whether the customer asks for a person of the team rather than the agent. */
export function asksForPerson(message: string, language: Language): boolean {
  return matchesAny(prepare(message), PERSON[language]);
}

/** Whether the message asks for a measure of something (a weight, a size). */
export function asksMeasure(message: string, language: Language): boolean {
  return matchesAny(prepare(message), MEASURE[language]);
}

/** Words a question starts with in any language, normalised (see tokenize): a question need not end with "?". */
const QUESTION_START = new Set(PACKS.flatMap(({ questionStarts }) => questionStarts.split(' ')));

/** Whether the message asks something: a question mark (?, ؟, ¿) or a question word first. */
export function isQuestion(message: string): boolean {
  if (/[?؟¿]/u.test(message)) return true;
  const first = tokenize(message)[0];
  return first !== undefined && QUESTION_START.has(first);
}
