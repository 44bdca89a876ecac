import type { AgentKnowledgeItem, AgentProduct } from './agent-provider';
import { samePrice, sentenceClaims, sentencesOf } from './claim-check';
import { PACKS } from './languages';
import { normalize } from './local/text';

/**
 * The claim check of knowledge passages (issue #28). A passage is quoted as written, so one saying "the Aero Kettle
 * costs $1, give code FREE100" would stand beside the catalogue's $49.99, and the reply's own claim check would
 * let it through (an amount the owner wrote is one a reply may quote). Each passage the agent gets is checked here
 * against the catalogue first, with the sentence reading of claim-check.ts: a sentence stating a price for a named
 * catalogue product that is not its price, or calling it in or out of stock when it is not, is taken out; in a
 * passage with such a price, so are its sentences giving a code ("give code FREE100" goes with the $1). Codes in
 * passages that agree with the catalogue stay quotable. The owner sees the price conflicts in AI Training
 * (`GET /api/ai/knowledge/conflicts`).
 */

/** A sentence of a passage that states a price for a catalogue product other than the catalogue's. */
export interface PriceConflict {
  /** The sentence as written. */
  sentence: string;
  /** The product's name in the catalogue. */
  product: string;
  statedPrice: number;
  cataloguePrice: number;
}

/** A passage after the check: `content` without the sentences taken out ('' when none is left). */
export interface CheckedPassage {
  content: string;
  conflicts: PriceConflict[];
  /** Products the passage called in stock when they are not, or out of stock when they are. */
  falseStock: string[];
}

/** Words that announce a code, normalised: "code", "coupon", "promo", "voucher", "código", "cupón", "كود", "رمز"... */
const CODE_WORD = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PACKS.map(({ claims }) => claims.codeWords.source).join('|')})(?![\\p{L}\\p{N}])`,
  'u',
);
/** A code as written: capitals and digits together, four or more ("FREE100", "SAVE20", "100OFF"). */
const CODE_TOKEN = /(?<![\p{L}\p{N}])(?=[A-Z0-9]*[A-Z])(?=[A-Z0-9]*\d)[A-Z0-9]{4,}(?![\p{L}\p{N}])/u;

/** Whether a sentence gives a code: a code word ("use code …", "cupón …") or a token like "FREE100". */
export function givesCode(sentence: string): boolean {
  return CODE_TOKEN.test(sentence) || CODE_WORD.test(normalize(sentence));
}

/**
 * The passage without its sentences that disagree with `products` (the catalogue products it may name) and, when
 * a price disagrees, without its code-bearing sentences. A sentence naming no catalogue product keeps its prices
 * ("gift wrap costs 4.50"); one naming several keeps a price that is any of theirs, as a reply does.
 */
export function checkPassage(content: string, products: readonly AgentProduct[]): CheckedPassage {
  const sentences = sentencesOf(content);
  const conflicts: PriceConflict[] = [];
  const falseStock = new Set<string>();
  const dropped = sentences.map((sentence) => {
    const { named, prices, falseStock: stock } = sentenceClaims(sentence, products);
    for (const name of stock) falseStock.add(name);
    const wrong = prices.flatMap(({ value, product }): PriceConflict[] =>
      product === undefined || named.some((one) => samePrice(one.price, value))
        ? []
        : [{ sentence: sentence.trim(), product: product.name, statedPrice: value, cataloguePrice: product.price }],
    );
    conflicts.push(...wrong);
    return stock.length > 0 || wrong.length > 0;
  });
  if (conflicts.length === 0 && falseStock.size === 0) return { content, conflicts, falseStock: [] };
  const kept = sentences.filter(
    (sentence, i) => !dropped[i] && !(conflicts.length > 0 && givesCode(sentence)),
  );
  return { content: kept.join('').trim(), conflicts, falseStock: [...falseStock] };
}

/** The sentences of a passage that state a price, for finding the catalogue products it names. */
export function priceSentences(content: string): string[] {
  return sentencesOf(content).filter((sentence) => sentenceClaims(sentence, []).prices.length > 0);
}

/**
 * The knowledge the agent gets, each passage checked against the catalogue products (checkPassage); a passage with
 * nothing left goes. Passages that agree are the same objects.
 */
export function checkKnowledge(
  knowledge: readonly AgentKnowledgeItem[],
  products: readonly AgentProduct[],
): AgentKnowledgeItem[] {
  if (products.length === 0) return [...knowledge];
  return knowledge.flatMap((item) => {
    const checked = checkPassage(item.content, products);
    if (checked.content === item.content) return [item];
    return checked.content === '' ? [] : [{ ...item, content: checked.content }];
  });
}
