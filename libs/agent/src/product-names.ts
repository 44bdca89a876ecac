import type { AgentProduct } from './agent-provider';
import { phrasePattern, stem, tokenize } from './local/text';

/** Where a text names a product by its whole name: `start` and `end` index the normalised text. */
export interface ProductMention {
  product: AgentProduct;
  start: number;
  end: number;
}

/**
 * Every place a normalised text (see `normalize`) names one of the products by its whole name, in any word form
 * ("aero-5 kettles"), in order. A name inside a longer product name that the text also names is no mention of its
 * own: "the Aero 5 Kettle Pro" names the Pro, not the Aero 5 Kettle, so near-duplicate names never get confused.
 */
export function productMentions(text: string, products: readonly AgentProduct[]): ProductMention[] {
  const found: ProductMention[] = [];
  for (const product of products) {
    const stems = tokenize(product.name).map(stem);
    // Most products share no word with the text; a plain substring check rules them out cheaply.
    if (stems.length === 0 || !stems.every((word) => text.includes(word))) continue;
    for (const match of text.matchAll(phrasePattern(stems))) {
      found.push({ product, start: match.index, end: match.index + match[0].length });
    }
  }
  const insideLonger = (mention: ProductMention) =>
    found.some(
      (other) =>
        other.start <= mention.start &&
        other.end >= mention.end &&
        other.end - other.start > mention.end - mention.start,
    );
  return found.filter((mention) => !insideLonger(mention)).sort((a, b) => a.start - b.start);
}
