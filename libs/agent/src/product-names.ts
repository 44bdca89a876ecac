import type { AgentProduct } from './agent-provider';
import { nameSoundTokens } from './local/sound';
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

/** Each product's name as sound tokens ({@link nameSoundTokens}), kept while the product object lives. */
const NAME_SOUNDS = new WeakMap<AgentProduct, ReadonlySet<string>>();

function nameSounds(product: AgentProduct): ReadonlySet<string> {
  let sounds = NAME_SOUNDS.get(product);
  if (!sounds) {
    sounds = new Set(tokenize(product.name).flatMap(nameSoundTokens));
    NAME_SOUNDS.set(product, sounds);
  }
  return sounds;
}

/**
 * Whether a customer's word sounds like a word of the product's name, in another script or spelling (a Latin name
 * written in Arabic letters): the word's lookup tokens (local/sound.ts, lookupSoundTokens) meet the name's. Weaker than a
 * written match: the caller ranks a product found only so below one found by its words.
 */
export function soundsLikeName(lookups: readonly string[], product: AgentProduct): boolean {
  if (lookups.length === 0) return false;
  const sounds = nameSounds(product);
  return lookups.some((token) => sounds.has(token));
}
