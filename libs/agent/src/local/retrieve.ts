import type { Language } from '@parley/contracts';
import type { AgentContext, AgentKnowledgeItem, AgentProduct } from '../agent-provider';
import { type Concept, PACKS, TOPICS } from '../languages';
import { productMentions, soundsLikeName } from '../product-names';
import { productTalkWord } from './classify';
import { languageSignal } from './language';
import { lookupSoundTokens } from './sound';
import { clip, normalize, stem, tokenize, wordFormsPattern } from './text';

/** Words of the vocabulary that are not topics but find their counterparts too ("encargo" → "order"). */
const RELATED_WORDS: readonly Concept[] = ['order', 'inAdvance', 'receipt', 'cash', 'card', 'storeCredit'];

/** Only the start of a long description or knowledge text is searched, which keeps every reply fast. */
const INDEXED_CHARS = 4000;
const MAX_HITS = 3;
/** A knowledge item needs a title word, or two words of its text, in common with the message. */
const MIN_KNOWLEDGE_SCORE = 2;

/** Words that say nothing about what the customer is after, in every language. */
const STOPWORDS = new Set(PACKS.flatMap(({ stopWords }) => stopWords.split(' ').flatMap(tokenize)));

/**
 * Customer-service topics (the language packs' vocabulary), each the one-word forms customers and owners use for it
 * in every language: a message word of a topic also finds the topic's other words in knowledge items ("delivery" finds
 * "Shipping", "garantía" finds "Warranty", "devoluciones" finds "Returns"), counted once per message word.
 */
const TOPIC_WORDS: readonly string[] = [...TOPICS, ...RELATED_WORDS].map((topic) =>
  PACKS.flatMap(({ vocabulary }) => vocabulary[topic])
    .filter((form) => tokenize(form).length === 1)
    .join(' '),
);

/**
 * Concepts that say what is asked about a thing (how long it takes, for what age) rather than what the thing is: a
 * message word of one finds the concept's other words, but alone it does not make an item answer.
 */
const ASPECTS: readonly Concept[] = ['duration', 'age', 'servings'];
const ASPECT_WORDS = new Set(
  ASPECTS.flatMap((aspect) => PACKS.flatMap(({ vocabulary }) => vocabulary[aspect]))
    .flatMap(tokenize)
    .map(stem),
);

/** Each topic word (stemmed) → the other words of its topic. */
const RELATED = new Map<string, string[]>();
for (const topic of TOPIC_WORDS) {
  const words = [...new Set(tokenize(topic).map(stem))];
  for (const word of words)
    RELATED.set(word, [...(RELATED.get(word) ?? []), ...words.filter((w) => w !== word)]);
}

/**
 * The message with the other words of its topics added ("¿devoluciones?" → "… returns return refund…"), for the
 * database's full-text retrieval, which knows no synonyms: a Spanish or Arabic question then finds an item the owner
 * wrote in English. At most `max` words are added.
 */
export function withTopicWords(message: string, max = 40): string {
  const terms = termsOf(message);
  const added = new Set<string>();
  for (const term of terms) {
    for (const word of RELATED.get(term) ?? []) if (!terms.includes(word)) added.add(word);
  }
  return added.size === 0 ? message : `${message}\n${[...added].slice(0, max).join(' ')}`;
}

/** Title words that name no particular thing ("Returns policy"), so an item's title may hold them unasked. */
const GENERIC_TITLE_WORDS = new Set(
  PACKS.flatMap(({ genericTitleWords }) => genericTitleWords.split(' ').flatMap(tokenize).map(stem)),
);

/** The nouns every business calls itself by (stemmed): never enough to pick a product. */
const PREMISES_WORDS = new Set(PACKS.flatMap(({ premises }) => premises.flatMap(tokenize).map(stem)));

/**
 * A word found in more than this share of the products given (with at least {@link COMMON_MIN_PRODUCTS} of them)
 * is the catalogue's common word ("hair" in a salon's, "bike" in a bike shop's): like a document frequency, it
 * picks a product only through the product's name.
 */
const COMMON_SHARE = 0.5;
const COMMON_MIN_PRODUCTS = 4;

/**
 * Words whose meaning the packs know (every concept's words, stop words, question words, title words, premises): a
 * customer's word among them means what it says and is never read for its sound, however a product's name sounds.
 */
const KNOWN_WORDS = new Set(
  PACKS.flatMap((pack) => [
    ...Object.values(pack.vocabulary).flat(),
    pack.stopWords,
    pack.genericTitleWords,
    pack.questionStarts,
    ...pack.premises,
  ])
    .flatMap(tokenize)
    .map(stem),
);

/** A message word that sounds like a product's name word weighs as a category word: below a written name word. */
const SOUND_WEIGHT = 2;

/** A message word that may name a product by its sound, and the sound tokens it looks for (local/sound.ts). */
interface SoundedWord {
  term: string;
  lookups: string[];
}

/**
 * The message's words that may name a product by how they sound ("لابتوب" for a Latin name, a Spanish spelling of an
 * English one): words of the message that none of the products holds as written, that the packs do not know as
 * words of their own (a topic, a stop word, a price or stock word), no word for the business itself and no number.
 */
function soundedWords(
  message: string,
  terms: readonly string[],
  written: ReadonlySet<string>,
  generic: ReadonlySet<string>,
): SoundedWord[] {
  const words = new Map<string, string[]>();
  for (const token of tokenize(message.slice(0, INDEXED_CHARS))) {
    const term = stem(token);
    if (words.has(term) || !terms.includes(term) || written.has(term)) continue;
    if (KNOWN_WORDS.has(term) || productTalkWord(term) || generic.has(term) || /\d/.test(token)) continue;
    const lookups = lookupSoundTokens(token);
    if (lookups.length > 0) words.set(term, lookups);
  }
  return [...words].map(([term, lookups]) => ({ term, lookups }));
}

/** What the message is about, and the owner's products and knowledge that match it, best first. */
export interface Retrieval {
  /** The message's meaningful words, normalised and stemmed. */
  terms: string[];
  products: AgentProduct[];
  knowledge: AgentKnowledgeItem[];
  /** Whether the message names one of `products` by its whole name ("the Aero 5 Kettle"), not only its words. */
  namesProduct: boolean;
  /** Whether every word of the best knowledge item's title (generic words aside) is in the message. */
  titleAsked: boolean;
  /**
   * The message's words that say what is asked about the products found, beyond naming them and asking their
   * price or stock ("can my 15-year-old have…", "what brand is…"): none of the products holds them, and they are no
   * word for the business itself, no number and no word of a price or stock question. Empty with no product.
   */
  beyondProducts: string[];
  /** Of {@link beyondProducts}, those the best knowledge item holds (in any language). */
  answeredByKnowledge: string[];
  /**
   * A follow-up resolved to one variant (local/follow-up.ts): the sentence of its own card answering what was asked
   * of it ("Serves 30 to 35"), quoted with its price and stock.
   */
  detail?: string;
  /**
   * The message asks about a thing with a qualifying phrase the business's material leaves half unsaid ("cakes for
   * dogs": local/near-miss.ts): answered with "I don't know", not with the neighbour.
   */
  nearMiss?: boolean;
}

/** Words that never identify a product: the nouns for the business itself and the words of its name. */
export function genericWords(companyName: string | undefined): Set<string> {
  return companyName ? new Set([...PREMISES_WORDS, ...termsOf(companyName)]) : PREMISES_WORDS;
}

interface Field {
  text: string;
  weight: number;
}

/** One-letter conjunctions written onto the next word (the packs' writing notes: Arabic "و"). */
const CONJUNCTIONS = PACKS.flatMap(({ writing }) =>
  writing.conjunction ? [writing.conjunction.prefix] : [],
);

/** Whether a word says nothing about what is asked: a stop word, alone or after a conjunction ("وكم", "and how much"). */
function isStopword(token: string, stemmed: string): boolean {
  return (
    token.length < 2 ||
    STOPWORDS.has(token) ||
    STOPWORDS.has(stemmed) ||
    CONJUNCTIONS.some(
      (conjunction) => token.startsWith(conjunction) && STOPWORDS.has(token.slice(conjunction.length)),
    )
  );
}

/** The meaningful, stemmed words of a text, in order of first appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(text.slice(0, INDEXED_CHARS))) {
    const stemmed = stem(token);
    if (!isStopword(token, stemmed)) terms.add(stemmed);
  }
  return [...terms];
}

/**
 * Which of `terms` (stemmed words) a text holds, in any form; with `related`, a topic's other words count for it
 * ("feed" is held by "Serves 8"). Each term is looked for on its own, so two forms of one topic never hide each other.
 */
export function termsHeldBy(text: string, terms: readonly string[], related = false): Set<string> {
  const held = new Set<string>();
  for (const term of terms) if (termsIn(text, oneWordSearch(term, related)).size > 0) held.add(term);
  return held;
}

/** One word's search, kept for the next texts of the same reply (a few hundred at most, then started afresh). */
const ONE_WORD_SEARCHES = new Map<string, WordSearch>();
function oneWordSearch(term: string, related: boolean): WordSearch {
  const key = `${related ? '+' : '-'}${term}`;
  let search = ONE_WORD_SEARCHES.get(key);
  if (!search) {
    if (ONE_WORD_SEARCHES.size >= 500) ONE_WORD_SEARCHES.clear();
    search = wordSearch([term], related);
    ONE_WORD_SEARCHES.set(key, search);
  }
  return search;
}

/** Whether a word (stemmed) says what is asked about a thing rather than what it is ("how long", "what age", "serves"). */
export function isAspectWord(term: string): boolean {
  return ASPECT_WORDS.has(term);
}

/** The message's words, and the pattern that finds them in any form ({@link wordFormsPattern}). */
interface WordSearch {
  terms: readonly string[];
  pattern: RegExp;
  /** A related word searched for ({@link TOPICS}) → the message word it stands for. */
  aliases: ReadonlyMap<string, string>;
}

/**
 * The pattern is compiled on first use: most messages are never searched for (no catalogue, no shared word).
 * With `related`, the words of the message's topics are searched for too, each found as the message word.
 */
function wordSearch(messageTerms: readonly string[], related = false): WordSearch {
  const aliases = new Map<string, string>();
  if (related) {
    for (const term of messageTerms) {
      for (const word of RELATED.get(term) ?? []) {
        if (!messageTerms.includes(word) && !aliases.has(word)) aliases.set(word, term);
      }
    }
  }
  const terms = [...messageTerms, ...aliases.keys()];
  let pattern: RegExp | undefined;
  return {
    terms,
    aliases,
    get pattern() {
      return (pattern ??= wordFormsPattern(terms));
    },
  };
}

/** Which of the message's words occur in a text, in any form. */
function termsIn(text: string, search: WordSearch): Set<string> {
  const found = new Set<string>();
  const normalised = normalize(text.slice(0, INDEXED_CHARS));
  // Most texts share no word with the message; a plain substring check rules them out cheaply.
  if (!search.terms.some((term) => normalised.includes(term))) return found;
  for (const match of normalised.matchAll(search.pattern)) {
    if (stem(match[0]) === match[1]) found.add(search.aliases.get(match[1]) ?? match[1]);
  }
  return found;
}

/** Each message word found in the fields, with the weight of the heaviest field it appears in. */
function fieldWeights(search: WordSearch, fields: readonly Field[]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const { text, weight } of fields) {
    for (const term of termsIn(text, search)) {
      if (weight > (weights.get(term) ?? 0)) weights.set(term, weight);
    }
  }
  return weights;
}

interface Scored<T> {
  item: T;
  score: number;
  /** The message words found in the fields that identify the item (a product's name, category, features). */
  identifying: string[];
  /** Every message word found in the item, with the weight of the heaviest field it is in. */
  found: Map<string, number>;
  index: number;
}

/** `names`: the message's names ({@link namesOf}), which weigh as much as a title word wherever they are found. */
function score<T>(
  item: T,
  index: number,
  search: WordSearch,
  fields: readonly Field[],
  names: ReadonlySet<string> = NO_NAMES,
): Scored<T> {
  let total = 0;
  const identifying: string[] = [];
  const found = fieldWeights(search, fields);
  for (const [term, inField] of found) {
    const weight = names.has(term) ? Math.max(inField, NAME_WEIGHT) : inField;
    total += weight;
    if (weight >= 2) identifying.push(term);
  }
  return { item, score: total, identifying, found, index };
}

/**
 * The products the message names by their whole name ({@link productMentions}, so "Aero 5 Kettle" is not the
 * "Aero 5 Kettle Pro"), in the order it names them; then the best of the others, those as good, and any that
 * match a word the ones before did not ("shoes and jackets"). So "headlamp 500" gives only that model,
 * "headlamps" gives every one, and "the Aero 5 Kettle or the Aero 5 Kettle Pro?" gives both. A word of a name
 * written in another script or spelling counts by its sound ({@link soundedWords}), less than a written one.
 */
function rankProducts(
  message: string,
  search: WordSearch,
  products: readonly AgentProduct[],
  generic: ReadonlySet<string>,
): { products: AgentProduct[]; named: boolean; found: Set<string> } {
  const named = new Map<AgentProduct, number>();
  for (const { product } of productMentions(normalize(message.slice(0, INDEXED_CHARS)), products)) {
    if (!named.has(product)) named.set(product, named.size);
  }
  const scored = products.map((product, index) =>
    score(product, index, search, [
      { text: product.name, weight: 3 },
      { text: product.category, weight: 2 },
      { text: product.features.join(' \n '), weight: 2 },
      { text: product.description, weight: 1 },
    ]),
  );
  // A word no product holds as written may name one by its sound, in another script or spelling ("لابتوب").
  const written = new Set(scored.flatMap((hit) => [...hit.found.keys()]));
  for (const { term, lookups } of soundedWords(message, search.terms, written, generic)) {
    for (const hit of scored) {
      if (!soundsLikeName(lookups, hit.item)) continue;
      hit.found.set(term, SOUND_WEIGHT);
      hit.score += SOUND_WEIGHT;
      hit.identifying.push(term);
    }
  }
  // A word for the business itself never identifies a product; one most of the products hold does only in a name,
  // unless the message asks for nothing but such words ("kids bikes in stock?"): then they pick every product.
  const holders = new Map<string, number>();
  for (const hit of scored)
    for (const term of hit.found.keys()) holders.set(term, (holders.get(term) ?? 0) + 1);
  const common = (term: string) =>
    products.length >= COMMON_MIN_PRODUCTS && (holders.get(term) ?? 0) > products.length * COMMON_SHARE;
  const onlyCommon = search.terms.every((term) => productTalkWord(term) || generic.has(term) || common(term));
  const weak = (term: string, hit: Scored<AgentProduct>) =>
    generic.has(term) || (!onlyCommon && common(term) && hit.found.get(term) !== 3);
  const ranked = scored
    .map((hit) => {
      const identifying = hit.identifying.filter((term) => !weak(term, hit));
      return identifying.length === hit.identifying.length ? hit : { ...hit, identifying };
    })
    .filter((hit) => named.has(hit.item) || hit.identifying.length > 0)
    .sort(
      (a, b) =>
        (named.get(a.item) ?? named.size) - (named.get(b.item) ?? named.size) ||
        b.score - a.score ||
        a.index - b.index,
    );
  const picked: Scored<AgentProduct>[] = [];
  const covered = new Set<string>();
  for (const hit of ranked) {
    if (picked.length === MAX_HITS) break;
    // Once a product is named, the others only join for a word it does not cover.
    const outranked = picked.length > 0 && (named.size > 0 || hit.score < picked[0].score);
    if (!named.has(hit.item) && outranked && hit.identifying.every((term) => covered.has(term))) continue;
    picked.push(hit);
    hit.identifying.forEach((term) => covered.add(term));
  }
  const found = new Set(picked.flatMap((hit) => [...hit.found.keys()]));
  return { products: picked.map((hit) => hit.item), named: named.size > 0, found };
}

/** Whether an item is written in `language`: its text shows that language, or none (numbers and names only). */
function writtenIn(item: AgentKnowledgeItem, language: Language): boolean {
  const written = languageSignal(item.content.slice(0, INDEXED_CHARS));
  return written === null || written === language;
}

/**
 * Items scoring at least this share of the best one answer the same question; among them the higher priority
 * wins, so of two items that disagree ("returns within 14 days" Low, "within 30 days" High) the High one is used.
 */
const SAME_QUESTION = 0.6;

const NO_NAMES: ReadonlySet<string> = new Set();
/** A name found in a knowledge text ("PayPal", "Zaragoza") is enough to answer with it (MIN_KNOWLEDGE_SCORE). */
const NAME_WEIGHT = MIN_KNOWLEDGE_SCORE;
const CAPITALISED = /^\p{Lu}/u;
const SENTENCE_END = /[.!?؟¡¿:;]\s*$/u;

/**
 * The stemmed terms the customer wrote as names: capitalised words other than a sentence's first ("Do you accept
 * PayPal?", "¿Envían a Canarias?"). Arabic has no capitals, so its names count as any other word.
 */
function namesOf(message: string, terms: readonly string[]): Set<string> {
  const names = new Set<string>();
  const words = message.slice(0, INDEXED_CHARS).split(/\s+/);
  words.forEach((word, i) => {
    const bare = word.replace(/^[^\p{L}\p{N}]+/u, '');
    if (i === 0 || !CAPITALISED.test(bare) || SENTENCE_END.test(words[i - 1])) return;
    for (const token of tokenize(bare)) {
      const term = stem(token);
      if (terms.includes(term)) names.add(term);
    }
  });
  return names;
}

/** The stemmed words of a text in order, stop words and single letters as null, so neighbours stay neighbours. */
function wordsInOrder(text: string): (string | null)[] {
  return tokenize(text.slice(0, INDEXED_CHARS)).map((token) => {
    const stemmed = stem(token);
    return isStopword(token, stemmed) ? null : stemmed;
  });
}

/**
 * Whether an item is about another kind of the thing asked: its title puts a word before a word of the message
 * ("Senior discount") where the message puts a different word that the item never mentions ("teacher
 * discount"). Such an item does not answer, however many words it shares.
 */
function aboutAnotherKind(
  title: string,
  message: readonly (string | null)[],
  found: ReadonlySet<string>,
): boolean {
  const words = wordsInOrder(title);
  return words.some((word, i) => {
    const before = words[i - 1];
    if (!word || !before || found.has(before) || GENERIC_TITLE_WORDS.has(before)) return false;
    return message.some(
      (asked, j) => asked === word && !!message[j - 1] && !found.has(message[j - 1] as string),
    );
  });
}

/** The share of an item title's words the message asked for: "Lamp guarantee" fits "lamp guarantee?" better than "Lamp guarantee claims". */
function titleFit(title: string, search: WordSearch): number {
  const words = termsOf(title).filter((word) => !GENERIC_TITLE_WORDS.has(word));
  return words.length === 0 ? 0 : termsIn(title, search).size / words.length;
}

function rankKnowledge(
  message: string,
  search: WordSearch,
  knowledge: readonly AgentKnowledgeItem[],
  names: ReadonlySet<string>,
  askedTerms: readonly string[],
  language: Language | undefined,
): AgentKnowledgeItem[] {
  const asked = wordsInOrder(message);
  const topics = search.terms.filter(
    (term) => RELATED.has(term) && !search.aliases.has(term) && !ASPECT_WORDS.has(term),
  );
  // A topic of the message (returns, cancellation…) found anywhere in an item is enough to answer with it.
  const weighty = new Set([...names, ...topics]);
  const topicSearch = topics.length > 0 ? wordSearch(topics, true) : null;
  const hits = knowledge
    .map((item, index) => {
      const fields: Field[] = [
        { text: item.title, weight: 3 },
        { text: (item.tags ?? []).join(' \n '), weight: 2 },
        { text: item.category, weight: 1 },
        { text: item.content, weight: 1 },
      ];
      const hit = score(item, index, search, fields, weighty);
      const found = new Set(fieldWeights(search, fields).keys());
      return {
        ...hit,
        onTopic: topicSearch !== null && termsIn(item.title, topicSearch).size > 0,
        topicsFound: topics.filter((topic) => found.has(topic)).length,
        fit: titleFit(item.title, search),
        otherKind: aboutAnotherKind(item.title, asked, found),
        inLanguage: language !== undefined && writtenIn(item, language),
      };
    })
    // A message asking about one thing ("is there wifi?") is answered by an item holding that word.
    .filter(
      (hit) =>
        (hit.score >= MIN_KNOWLEDGE_SCORE || (askedTerms.length === 1 && hit.found.has(askedTerms[0]))) &&
        !hit.otherKind,
    );
  const best = Math.max(0, ...hits.map((hit) => hit.score));
  // An item titled with the message's topic ("Refunds" for "my refund?") answers before one that only mentions it
  // or shares a thing's name ("Sofa cleaning" for "pay for a sofa in instalments?"), and one about more of the
  // message's topics before others ("Financing: split into 6 payments" before "Payment methods"); then the title
  // in the customer's language (an owner who wrote it in theirs meant it for them, and it is quoted as written rather
  // than restated); then the title that fits the message best; then, among items answering the same question, the
  // higher priority.
  const tier = (hit: Scored<AgentKnowledgeItem>) => (hit.score >= best * SAME_QUESTION ? 0 : 1);
  return hits
    .sort(
      (a, b) =>
        Number(b.onTopic) - Number(a.onTopic) ||
        b.topicsFound - a.topicsFound ||
        tier(a) - tier(b) ||
        b.found.size - a.found.size ||
        Number(b.inLanguage) - Number(a.inLanguage) ||
        b.fit - a.fit ||
        b.item.priority - a.item.priority ||
        b.score - a.score ||
        a.index - b.index,
    )
    .slice(0, MAX_HITS)
    .map((hit) => hit.item);
}

/**
 * Ranks the owner's products (by name, category, features, description) and knowledge items (by title, category,
 * content; among those answering the same question, the customer's `language` and then the higher priority first) by
 * the words they share with the message. Only matches are returned.
 */
export function retrieve(
  message: string,
  context: Pick<AgentContext, 'products' | 'knowledge'> & { company?: Pick<AgentContext['company'], 'name'> },
  language?: Language,
): Retrieval {
  const terms = termsOf(message);
  if (terms.length === 0) {
    return {
      terms,
      products: [],
      knowledge: [],
      namesProduct: false,
      titleAsked: false,
      beyondProducts: [],
      answeredByKnowledge: [],
    };
  }
  const generic = genericWords(context.company?.name);
  const search = wordSearch(terms);
  const related = wordSearch(terms, true);
  const { products, named, found } = rankProducts(message, search, context.products, generic);
  const asked = terms.filter((term) => !generic.has(term) && !productTalkWord(term) && !/^\d+$/.test(term));
  const knowledge = rankKnowledge(
    message,
    related,
    context.knowledge,
    namesOf(message, terms),
    asked,
    language,
  );
  const beyondProducts = products.length === 0 ? [] : asked.filter((term) => !found.has(term));
  const best = knowledge[0];
  const bestText = best ? `${best.title}\n${(best.tags ?? []).join(' ')}\n${best.content}` : '';
  // Each word on its own, so "long" is found as "takes" even when the message also says "take".
  const inBest = (term: string) => best !== undefined && termsIn(bestText, wordSearch([term], true)).size > 0;
  return {
    terms,
    products,
    knowledge,
    namesProduct: named,
    titleAsked: knowledge.length > 0 && titleFit(knowledge[0].title, related) === 1,
    beyondProducts,
    answeredByKnowledge: beyondProducts.filter(inBest),
  };
}

/** A message of at most this many meaningful words may be a follow-up ("and how long does it take?"). */
const FOLLOW_UP_TERMS = 3;

/**
 * The text a follow-up is searched by: a short message ({@link FOLLOW_UP_TERMS}) with the customer's latest earlier
 * message among the last `depth` (the inbound message itself, when already stored as the newest, aside), so "and
 * how long does it take?" finds what "do you do keratin?" asked about. Any other message as it is.
 */
export function followUpText(message: string, history: AgentContext['history'], depth: number): string {
  if (termsOf(message).length > FOLLOW_UP_TERMS) return message;
  const earlier = history
    .slice(-depth)
    .reverse()
    .find((entry) => entry.direction === 'incoming' && entry.content !== message);
  return earlier ? `${message}\n${earlier.content}` : message;
}

/**
 * Whether a knowledge item is about one of the message's topics (returns, shipping, payment…: the
 * packs' vocabulary), in any language: only such an item may follow another answer as a related passage.
 */
export function sharesTopic(item: AgentKnowledgeItem, terms: readonly string[]): boolean {
  const topics = terms.filter((term) => RELATED.has(term));
  return topics.length > 0 && termsIn(`${item.title}\n${item.content}`, wordSearch(topics, true)).size > 0;
}

/** The sentence sharing most words with the message (the first of equals), or null when none shares any. */
export function bestSentence(sentences: readonly string[], terms: readonly string[]): string | null {
  if (terms.length === 0) return null;
  const search = wordSearch(terms);
  let best: string | null = null;
  let bestHits = 0;
  for (const sentence of sentences) {
    const hits = termsIn(sentence, search).size;
    if (hits > bestHits) [best, bestHits] = [sentence, hits];
  }
  return best;
}

/**
 * The part of a knowledge text that answers the message: all of it when it fits in `maxChars`, otherwise the run of
 * whole sentences that fits and holds most of the message's words (a topic's other words count: "delivery" finds
 * "shipping"): an answer often needs the sentence after the one naming the thing ("Cake stands: we lend… We take a
 * deposit of $40 for each stand"). Of runs holding as many, the one opening with the sentence sharing most words,
 * then the first; the text's start when no sentence shares any.
 */
export function bestPassage(content: string, terms: readonly string[], maxChars: number): string {
  const whole = content.replace(/\s+/g, ' ').trim();
  if (whole.length <= maxChars) return whole;
  const sentences = content
    .slice(0, INDEXED_CHARS)
    .split(/(?<=[.!?؟\n])\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  const search = terms.length > 0 ? wordSearch(terms, true) : null;
  const hits = sentences.map((sentence) => (search ? termsIn(sentence, search) : new Set<string>()));
  /** The sentences from `start` on that fit, as an index past the last. */
  const runEnd = (start: number) => {
    let length = sentences[start].length;
    let end = start + 1;
    while (end < sentences.length && length + 1 + sentences[end].length <= maxChars)
      length += 1 + sentences[end++].length;
    return end;
  };
  let best = { start: 0, end: sentences.length > 0 ? runEnd(0) : 0, covered: 0, opening: 0 };
  for (let start = 0; start < sentences.length; start++) {
    if (hits[start].size === 0) continue;
    const end = runEnd(start);
    const covered = new Set(hits.slice(start, end).flatMap((found) => [...found])).size;
    const opening = hits[start].size;
    if (covered > best.covered || (covered === best.covered && opening > best.opening)) {
      best = { start, end, covered, opening };
    }
  }
  return clip(sentences.slice(best.start, best.end).join(' '), maxChars);
}
