import type { AgentContext, AgentKnowledgeItem, AgentProduct } from '../agent-provider';
import { clip, normalize, stem, tokenize, wordFormsPattern } from './text';

/** Only the start of a long description or knowledge text is searched, which keeps every reply fast. */
const INDEXED_CHARS = 4000;
const MAX_HITS = 3;
/** A knowledge item needs a title word, or two words of its text, in common with the message. */
const MIN_KNOWLEDGE_SCORE = 2;

/** Words that say nothing about what the customer is after, in the three languages. */
const STOPWORDS = new Set(
  [
    'a an the is are am was were be been do does did you your i me my we our us it its this that these those what',
    'which who how much many when where why can could would will should may please hi hello hey there here any',
    'some have has had of to in on at for from with about and or but if so not no yes just also want like need get',
    'tell know thanks thank ok okay ll ve re',
    'el la los las un una unos unas de del al y o u en es son que por para con sin mi mis tu tus su sus me te se lo',
    'le les nos hay como cual cuales cuanto cuanta cuantos cuantas cuesta cuestan donde cuando quien este esta estos',
    'estas ese esa eso hola gracias favor quiero quisiera necesito tienen tiene tienes puedo pueden saber si ya muy',
    'mas pero vale',
    'في من على إلى عن هل ما ماذا كم هذا هذه ذلك أنا انت نحن مع أو و يا أن لو كان عند عندكم لديكم لدي ممكن أريد ابي',
    'ابغى بدي شكرا مرحبا السلام عليكم كيف متى أين وين لكم لي لك نعم تمام طيب',
  ]
    .join(' ')
    .split(' ')
    .flatMap(tokenize),
);

/** What the message is about, and the owner's products and knowledge that match it, best first. */
export interface Retrieval {
  /** The message's meaningful words, normalised and stemmed. */
  terms: string[];
  products: AgentProduct[];
  knowledge: AgentKnowledgeItem[];
}

interface Field {
  text: string;
  weight: number;
}

/** The meaningful, stemmed words of a text, in order of first appearance. */
export function termsOf(text: string): string[] {
  const terms = new Set<string>();
  for (const token of tokenize(text.slice(0, INDEXED_CHARS))) {
    const stemmed = stem(token);
    if (token.length >= 2 && !STOPWORDS.has(token) && !STOPWORDS.has(stemmed)) terms.add(stemmed);
  }
  return [...terms];
}

/** The message's words, and the pattern that finds them in any form ({@link wordFormsPattern}). */
interface WordSearch {
  terms: readonly string[];
  pattern: RegExp;
}

/** The pattern is compiled on first use: most messages are never searched for (no catalogue, no shared word). */
function wordSearch(terms: readonly string[]): WordSearch {
  let pattern: RegExp | undefined;
  return {
    terms,
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
    if (stem(match[0]) === match[1]) found.add(match[1]);
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
  index: number;
}

function score<T>(item: T, index: number, search: WordSearch, fields: readonly Field[]): Scored<T> {
  let total = 0;
  const identifying: string[] = [];
  for (const [term, weight] of fieldWeights(search, fields)) {
    total += weight;
    if (weight >= 2) identifying.push(term);
  }
  return { item, score: total, identifying, index };
}

/**
 * The best product, those as good, and any that match a word the ones before did not ("shoes and jackets"), so
 * "headlamp 500" gives only that model but "headlamps" gives every one.
 */
function rankProducts(search: WordSearch, products: readonly AgentProduct[]): AgentProduct[] {
  const scored = products
    .map((product, index) =>
      score(product, index, search, [
        { text: product.name, weight: 3 },
        { text: product.category, weight: 2 },
        { text: product.features.join(' \n '), weight: 2 },
        { text: product.description, weight: 1 },
      ]),
    )
    .filter((hit) => hit.identifying.length > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const picked: Scored<AgentProduct>[] = [];
  const covered = new Set<string>();
  for (const hit of scored) {
    if (picked.length === MAX_HITS) break;
    if (
      picked.length > 0 &&
      hit.score < picked[0].score &&
      hit.identifying.every((term) => covered.has(term))
    ) {
      continue;
    }
    picked.push(hit);
    hit.identifying.forEach((term) => covered.add(term));
  }
  return picked.map((hit) => hit.item);
}

function rankKnowledge(search: WordSearch, knowledge: readonly AgentKnowledgeItem[]): AgentKnowledgeItem[] {
  return knowledge
    .map((item, index) =>
      score(item, index, search, [
        { text: item.title, weight: 3 },
        { text: item.category, weight: 1 },
        { text: item.content, weight: 1 },
      ]),
    )
    .filter((hit) => hit.score >= MIN_KNOWLEDGE_SCORE)
    .sort((a, b) => b.score - a.score || b.item.priority - a.item.priority || a.index - b.index)
    .slice(0, MAX_HITS)
    .map((hit) => hit.item);
}

/**
 * Ranks the owner's products (by name, category, features, description) and knowledge items (by title, category,
 * content; higher priority breaks ties) by the words they share with the message. Only matches are returned.
 */
export function retrieve(message: string, context: Pick<AgentContext, 'products' | 'knowledge'>): Retrieval {
  const terms = termsOf(message);
  if (terms.length === 0) return { terms, products: [], knowledge: [] };
  const search = wordSearch(terms);
  return {
    terms,
    products: rankProducts(search, context.products),
    knowledge: rankKnowledge(search, context.knowledge),
  };
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
 * The part of a knowledge text that answers the message: all of it when it fits in `maxChars`, otherwise from the
 * sentence sharing most words with the message (the first when none does), as many whole sentences as fit.
 */
export function bestPassage(content: string, terms: readonly string[], maxChars: number): string {
  const whole = content.replace(/\s+/g, ' ').trim();
  if (whole.length <= maxChars) return whole;
  const sentences = content
    .slice(0, INDEXED_CHARS)
    .split(/(?<=[.!?؟\n])\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  let start = 0;
  let bestHits = 0;
  if (terms.length > 0) {
    const search = wordSearch(terms);
    sentences.forEach((sentence, i) => {
      const hits = termsIn(sentence, search).size;
      if (hits > bestHits) [start, bestHits] = [i, hits];
    });
  }
  let passage = sentences[start] ?? '';
  for (let i = start + 1; i < sentences.length; i++) {
    if (passage.length + 1 + sentences[i].length > maxChars) break;
    passage += ` ${sentences[i]}`;
  }
  return clip(passage, maxChars);
}
