import { parsePrice } from '@parley/contracts';
import type { AgentContext, AgentProduct, AgentReply } from './agent-provider';
import { type ClaimNotes, PACKS, PHRASEBOOKS } from './languages';
import { normalize } from './local/text';
import { type ProductMention, productMentions } from './product-names';

/** What the check took out of a reply; stored in the reply's metadata, so such replies can be counted. */
export interface ClaimCheckNote {
  /** Prices the reply stated that the context does not hold (for the product the sentence named, if any). */
  unverifiedPrices: number[];
  /** Products the reply called in stock when they are out of stock, or out of stock when they are in stock. */
  falseStock: string[];
}

/** A reply after the check; `claimCheck` is set only when the check changed it. */
export interface CheckedReply extends AgentReply {
  claimCheck?: ClaimCheckNote;
}

/** A sentence with its closing punctuation and the space after it; a line break ends one too (list items). */
const SENTENCE = /[^\n]*?(?:[.!?؟…]+(?=\s|$)|(?=\n)|$)\s*/gu;

/**
 * The pieces of a normalised sentence that matter here: amounts (with their thousands and decimal separators),
 * words, currency signs, `%`, `:` and a named product (the sentence has each mention replaced by
 * {@link PRODUCT_MARK}).
 */
const TOKEN =
  /(?<amount>\d{1,3}(?:[,.'’\u00a0\u202f ]\d{3})+(?:[.,]\d+)?(?![\p{L}\p{N}])|\d+(?:[.,]\d+)?(?![\p{L}\p{N}]))|(?<sign>[$€£¥₹₺₽₩₪฿%:\uE000]|ر\.\s?س|د\.\s?ا|ج\.\s?م)|(?<word>[\p{L}\p{N}]+)/gu;
const PRODUCT_MARK = '\uE000';

/** Every language's pattern of one kind (the packs' claim notes), as alternatives. */
function alternatives(kind: keyof Omit<ClaimNotes, 'fillers'>): string {
  return PACKS.map(({ claims }) => claims[kind].source).join('|');
}

/** Words that announce a price ("costs 49", "el precio es de 49", "سعره 49"), normalised. */
const PRICE_WORD = new RegExp(`^(?:${alternatives('priceWords')})$`, 'u');
/** Currency codes and names next to an amount, normalised. */
const CURRENCY_WORD = new RegExp(
  `^(?:usd|eur|gbp|sar|aed|egp|mxn|cop|ars|clp|kwd|qar|bhd|omr|jod|${alternatives('currencyWords')})$`,
  'u',
);
/**
 * What may stand between a price word and its amount ("costs only 49", "price: 49", "es de 49", "هو فقط 49"):
 * a few small words, a colon, a named product ("سعر Aero 5 هو 49").
 */
const FILLERS = new Set([':', PRODUCT_MARK, ...PACKS.flatMap(({ claims }) => claims.fillers.split(' '))]);
/** How many fillers may stand between a price word and its amount. */
const MAX_FILLERS = 4;

/** Saying a product is out of stock, normalised; looked for first, so "not available" is never "available". */
const OUT_OF_STOCK = new RegExp(alternatives('outOfStock'), 'gu');
/** Saying a product is in stock, normalised. */
const IN_STOCK = new RegExp(`(?<!\\p{L})(?:${alternatives('inStock')})`, 'gu');

/** A text as the patterns here read it: normalised (`normalize`), with the Arabic decimal and thousands separators. */
function claimText(text: string): string {
  return normalize(text)
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

interface Token {
  kind: 'amount' | 'word' | 'sign';
  text: string;
  /** Where it starts in the sentence. */
  at: number;
}

/** A price a sentence states, and the product it is about when the sentence names one (see `productAt`). */
export interface StatedPrice {
  value: number;
  product?: AgentProduct;
}

/** The price and stock claims of one sentence, as the claim checks of replies and knowledge read them. */
export interface SentenceClaims {
  /** The products the sentence names by their whole name, in order (may repeat). */
  named: AgentProduct[];
  prices: StatedPrice[];
  /** Products the sentence calls in stock when they are out of stock, or out of stock when they are in stock. */
  falseStock: string[];
}

interface SentenceFindings {
  prices: number[];
  falseStock: string[];
}

/** The sentence with each product mention replaced by PRODUCT_MARK and spaces, so every index stays put. */
function masked(text: string, mentions: readonly ProductMention[]): string {
  let out = text;
  for (const { start, end } of mentions) {
    out = out.slice(0, start) + PRODUCT_MARK + ' '.repeat(end - start - 1) + out.slice(end);
  }
  return out;
}

function tokensOf(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => {
    const { amount, sign } = match.groups ?? {};
    return {
      kind: amount !== undefined ? 'amount' : sign !== undefined ? 'sign' : 'word',
      text: match[0],
      at: match.index,
    };
  });
}

function isCurrency(token: Token | undefined): boolean {
  if (token?.kind === 'word') return CURRENCY_WORD.test(token.text);
  return token?.kind === 'sign' && !FILLERS.has(token.text) && token.text !== '%';
}

/**
 * Whether the amount at `i` is stated as a price: a currency beside it ("$49", "49 €", "٤٩ ريال"), a price word
 * before it with at most a few fillers between ("costs only 49", "el precio es de 49"), or a named product and a
 * colon before it ("Aero 5 Kettle: 49"). A percentage never is.
 */
function isPriceAt(tokens: readonly Token[], i: number): boolean {
  if (tokens[i + 1]?.text === '%') return false;
  if (isCurrency(tokens[i - 1]) || isCurrency(tokens[i + 1])) return true;
  if (tokens[i - 1]?.text === ':' && tokens[i - 2]?.text === PRODUCT_MARK) return true;
  for (let j = i - 1; j >= Math.max(0, i - 1 - MAX_FILLERS); j--) {
    const { kind, text } = tokens[j];
    if (kind === 'word' && PRICE_WORD.test(text)) return true;
    if (kind === 'amount' || !FILLERS.has(text)) return false;
  }
  return false;
}

/** The prices a normalised, masked sentence states, each with the product it is about. */
function statedPrices(text: string, mentions: readonly ProductMention[]): StatedPrice[] {
  const tokens = tokensOf(text);
  return tokens.flatMap((token, i) => {
    if (token.kind !== 'amount' || !isPriceAt(tokens, i)) return [];
    const value = parsePrice(token.text);
    if (value === null) return [];
    return [mentions.length > 0 ? { value, product: productAt(mentions, token.at) } : { value }];
  });
}

/** The product a stock claim at `at` is about: the one named last before it, else the first named after it. */
function productAt(mentions: readonly ProductMention[], at: number): AgentProduct {
  const before = mentions.filter((mention) => mention.end <= at).at(-1);
  return (before ?? mentions.find((mention) => mention.start >= at) ?? mentions[0]).product;
}

/** Products a masked sentence calls in stock when they are not, or out of stock when they are. */
function falseStockClaims(text: string, mentions: readonly ProductMention[]): string[] {
  if (mentions.length === 0) return [];
  const wrong = new Set<string>();
  let rest = text;
  for (const match of text.matchAll(OUT_OF_STOCK)) {
    const product = productAt(mentions, match.index);
    if (product.inStock) wrong.add(product.name);
    rest =
      rest.slice(0, match.index) + ' '.repeat(match[0].length) + rest.slice(match.index + match[0].length);
  }
  for (const match of rest.matchAll(IN_STOCK)) {
    const product = productAt(mentions, match.index);
    if (!product.inStock) wrong.add(product.name);
  }
  return [...wrong];
}

/** Whether two prices are the same to the cent. */
export function samePrice(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.005;
}

/**
 * Every amount the owner wrote in the company description and the knowledge base ("free shipping over $50"): a
 * reply may quote those too. Read only when a reply states a price no product has.
 */
function ownerAmounts(context: Pick<AgentContext, 'company' | 'knowledge'>): number[] {
  const texts = [context.company.description, ...context.knowledge.flatMap((k) => [k.title, k.content])];
  return tokensOf(claimText(texts.join('\n'))).flatMap((token) => {
    const value = token.kind === 'amount' ? parsePrice(token.text) : null;
    return value === null ? [] : [value];
  });
}

/** A text's sentences, each with its closing punctuation and the space after it (joined, they are the text). */
export function sentencesOf(text: string): string[] {
  return text.match(SENTENCE)?.filter((sentence) => sentence !== '') ?? [];
}

/** The prices a sentence states and its stock claims that disagree with `products`. */
export function sentenceClaims(sentence: string, products: readonly AgentProduct[]): SentenceClaims {
  const text = claimText(sentence);
  const mentions = productMentions(text, products);
  const claims = masked(text, mentions);
  return {
    named: mentions.map((mention) => mention.product),
    prices: statedPrices(claims, mentions),
    falseStock: falseStockClaims(claims, mentions),
  };
}

/**
 * Checks every price and stock claim of a reply against the products in its context, before it is stored or
 * sent. A price must be the price of a product the sentence names (any product's, when it names none), or an
 * amount the owner wrote in the description or knowledge; "X is in stock" must agree with X's stock. Sentences
 * that fail are taken out and, where the first one stood, the reply says in its language that the team will
 * confirm the price or availability. Deterministic and cheap: asking the provider again would add a model call's
 * latency to the reply, and the second answer would need the same check.
 */
export function checkClaims(
  reply: AgentReply,
  context: Pick<AgentContext, 'company' | 'knowledge' | 'products'>,
): CheckedReply {
  let amounts: number[] | undefined;
  const isKnown = (price: number, about: readonly AgentProduct[]) =>
    about.some((product) => samePrice(product.price, price)) ||
    (amounts ??= ownerAmounts(context)).some((amount) => samePrice(amount, price));

  const sentences = sentencesOf(reply.response);
  const findings = sentences.map((sentence): SentenceFindings => {
    const { named, prices, falseStock } = sentenceClaims(sentence, context.products);
    const about = named.length > 0 ? named : context.products;
    return {
      prices: prices.map((price) => price.value).filter((price) => !isKnown(price, about)),
      falseStock,
    };
  });
  const unverifiedPrices = findings.flatMap((found) => found.prices);
  const falseStock = [...new Set(findings.flatMap((found) => found.falseStock))];
  if (unverifiedPrices.length === 0 && falseStock.length === 0) return reply;

  const topic = unverifiedPrices.length === 0 ? 'stock' : falseStock.length === 0 ? 'price' : 'both';
  let noticed = false;
  const kept = sentences.flatMap((sentence, i) => {
    const { prices, falseStock: stock } = findings[i];
    if (prices.length === 0 && stock.length === 0) return [sentence];
    if (noticed) return [];
    noticed = true;
    const spacing = /\s*$/u.exec(sentence)?.[0] || ' ';
    return [PHRASEBOOKS[reply.language].teamWillConfirm[topic] + spacing];
  });
  return { ...reply, response: kept.join('').trim(), claimCheck: { unverifiedPrices, falseStock } };
}
