import type { AgentContext, AgentProduct } from '../agent-provider';
import { FOLLOW_UP_DEPTH } from '../agent-provider';
import { PACKS, type VariantWords } from '../languages';
import { productTalkWord } from './classify';
import { genericWords, isAspectWord, type Retrieval, termsHeldBy, termsOf } from './retrieve';
import { stem, tokenize } from './text';

/**
 * Follow-ups that name an attribute of what was just discussed ("and how many does the big one serve?", "¿y la
 * pequeña?", "والكبير بكم؟", "is the blue one in stock?", "and the pistachio one?"): the referent is the products the
 * latest exchange was about, the attribute picks among them.
 *
 * 1. The referent: the products holding words of the customer's latest earlier message (then of our reply to it, as
 *    the tie-break), so "the pistachio one" after "a box of walnut baklava" stays with the boxes of baklava, and
 *    "¿y en chocolate?" after "el mediano" keeps the medium size.
 * 2. The attribute: the message's own words (a colour, a flavour) keep the referent's products holding most of them;
 *    a size or price word of the language packs (big, biggest, pequeña, الأرخص) keeps the extreme one — by the size
 *    words of the products' names when they have them, else by price (a family's bigger variant costs more).
 */

type Direction = keyof VariantWords;
const DIRECTIONS: readonly Direction[] = ['larger', 'smaller', 'middle', 'cheaper', 'dearer'];

/** Each direction's words in every language, stemmed. */
const DIRECTION_WORDS = new Map<Direction, Set<string>>(
  DIRECTIONS.map((direction) => [
    direction,
    new Set(PACKS.flatMap(({ variants }) => tokenize(variants[direction]).map(stem))),
  ]),
);

/** A message with more meaningful words than this is a question of its own, not a follow-up. */
const MAX_FOLLOW_UP_TERMS = 4;

/** The direction a stemmed word points in, if it is a size or price word. */
export function directionOf(term: string): Direction | undefined {
  return DIRECTIONS.find((direction) => DIRECTION_WORDS.get(direction)?.has(term));
}

function productText(product: AgentProduct): string {
  return `${product.name}\n${product.category}\n${product.features.join('\n')}\n${product.description}`;
}

/** How many of `terms` a product holds. */
function held(product: AgentProduct, terms: readonly string[]): number {
  return terms.length === 0 ? 0 : termsHeldBy(productText(product), terms).size;
}

/** The items of `items` with the highest `score`. */
function best<T>(items: readonly T[], score: (item: T) => number): T[] {
  const scores = items.map(score);
  const top = Math.max(...scores);
  return items.filter((_, i) => scores[i] === top);
}

/** A size word's place on the size scale (-1 small, 0 medium, 1 large); undefined for any other word. */
function scaleOf(term: string): number | undefined {
  const direction = directionOf(term);
  if (direction === 'larger') return 1;
  if (direction === 'smaller') return -1;
  if (direction === 'middle') return 0;
  return undefined;
}

/** A product's place on the size scale by its name's size words, if it has one. */
function sizeOf(product: AgentProduct): number | undefined {
  return termsOf(product.name)
    .map(scaleOf)
    .find((size) => size !== undefined);
}

/** The products at the `direction` end: by their names' size words when they differ, else by price. */
function extreme(products: readonly AgentProduct[], direction: Direction): AgentProduct[] {
  if (products.length <= 1) return [...products];
  const sizes = products.map(sizeOf);
  const bySize =
    direction !== 'cheaper' &&
    direction !== 'dearer' &&
    new Set(sizes).size > 1 &&
    !sizes.includes(undefined);
  if (bySize) {
    const scale = sizes as number[];
    if (direction === 'middle') {
      const middle = products.filter((_, i) => scale[i] === 0);
      if (middle.length > 0) return middle;
    } else {
      const sign = direction === 'larger' ? 1 : -1;
      return best(products, (product) => sign * (sizeOf(product) as number));
    }
  }
  if (direction === 'middle') {
    const sorted = [...products].sort((a, b) => a.price - b.price);
    return [sorted[Math.floor((sorted.length - 1) / 2)]];
  }
  const sign = direction === 'larger' || direction === 'dearer' ? 1 : -1;
  return best(products, (product) => sign * product.price);
}

/** The customer's latest earlier message and our latest reply after it (either may be absent). */
function latestExchange(
  message: string,
  history: AgentContext['history'],
): { asked?: string; replied?: string } {
  const recent = history.slice(-FOLLOW_UP_DEPTH).filter((entry) => entry.content !== message);
  const askedAt = recent.map((entry) => entry.direction).lastIndexOf('incoming');
  if (askedAt < 0) return {};
  const replied = recent.slice(askedAt + 1).find((entry) => entry.direction === 'outgoing');
  return { asked: recent[askedAt].content, replied: replied?.content };
}

/** A follow-up resolved: the products it is about, what it asks of them, and the earlier message it follows. */
export interface FollowUp extends Pick<Retrieval, 'products' | 'beyondProducts' | 'detail'> {
  asked: string;
}

/**
 * The products a follow-up naming an attribute is about (see above), with the words it asks beyond them; null when
 * the message is no such follow-up (it names a product whole, says no attribute, is long, or nothing discussed
 * before is among the products), so that the ordinary retrieval answers it.
 */
export function followUpVariant(message: string, context: AgentContext, named: Retrieval): FollowUp | null {
  if (named.namesProduct || context.products.length === 0) return null;
  const { asked, replied } = latestExchange(message, context.history);
  if (!asked) return null;
  const generic = genericWords(context.company.name);
  const meaningful = (terms: readonly string[]) =>
    terms.filter((term) => !generic.has(term) && !productTalkWord(term) && !/^\d+$/.test(term));
  // A size or price word may also be a word of a price question ("cheapest"): looked for before those are left out.
  const direction = termsOf(message)
    .map(directionOf)
    .find((found) => found !== undefined);
  const words = meaningful(termsOf(message)).filter((term) => directionOf(term) === undefined);
  if (words.length > MAX_FOLLOW_UP_TERMS) return null;
  // A size or price word of the message replaces the one said before ("and the small one?" after "the large X").
  const earlierTerms = (text: string | undefined) =>
    text
      ? meaningful(termsOf(text)).filter(
          (term) => !words.includes(term) && !(direction && directionOf(term) !== undefined),
        )
      : [];
  const askedTerms = earlierTerms(asked);
  const discussed = [...new Set([...askedTerms, ...earlierTerms(replied)])];
  let products = context.products.filter((product) => held(product, discussed) > 0);
  if (products.length === 0) return null;
  // The message's own words (a colour, a flavour) pick among the referent's products; a message with none of
  // theirs and no size or price word is not about them.
  // What is asked of a thing ("how many does it serve?") says what is wanted of it, not which one.
  const which = words.filter((term) => !isAspectWord(term));
  const mostHeld = Math.max(...products.map((product) => held(product, which)));
  if (mostHeld > 0) products = best(products, (product) => held(product, which));
  else if (!direction) return null;
  // Then the products whose names share most with what was discussed (the same kind, the same size: "Chocolate Cake
  // Medium" after "Vanilla Cake Medium", not a pack holding "vanilla cake" in its description), then by any field.
  // A size said before in other words counts ("mediano" for "Medium").
  const sizeDiscussed = discussed.map(scaleOf).find((size) => size !== undefined);
  const nameShare = (product: AgentProduct) =>
    termsHeldBy(
      product.name,
      discussed.filter((term) => scaleOf(term) === undefined),
    ).size + (sizeDiscussed !== undefined && sizeOf(product) === sizeDiscussed ? 1 : 0);
  products = best(products, nameShare);
  products = best(products, (product) => held(product, askedTerms));
  if (direction) products = extreme(products, direction);
  const [only] = products;
  // What is asked of the variant beyond naming it ("how many does it serve?"), and its card's sentence saying it.
  const said = products.length === 1 ? [...termsHeldBy(only.description, words, true)] : [];
  const detail =
    said.length > 0
      ? only.description
          .split(/(?<=[.!?؟])\s+/u)
          .find((sentence) => termsHeldBy(sentence, said, true).size > 0)
      : undefined;
  return {
    asked,
    products,
    beyondProducts: words.filter((term) =>
      products.every((product) => termsHeldBy(productText(product), [term], true).size === 0),
    ),
    ...(detail ? { detail } : {}),
  };
}

/**
 * A passage about options in sizes ("The small tray… £18. The large tray… £40."), asked about one by a size word
 * ("and the big one?", "¿y la pequeña?"): the passage's sentences naming that size, when others name another size;
 * null otherwise (the passage is quoted as usual).
 */
export function sizedSentences(content: string, message: string): string | null {
  // One size asked: "small and large?" asks for both, and the passage answers as it is.
  const asked = new Set(
    termsOf(message)
      .map(scaleOf)
      .filter((found) => found !== undefined),
  );
  if (asked.size !== 1) return null;
  const [size] = asked;
  const sentences = content
    .split(/(?<=[.!?؟;])\s+|\n+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
  const sizes = sentences.map((sentence) =>
    termsOf(sentence)
      .map(scaleOf)
      .filter((found) => found !== undefined),
  );
  const naming = sentences.filter((_, i) => sizes[i].includes(size));
  const other = sizes.some((found) => found.some((s) => s !== size));
  return naming.length > 0 && other ? naming.join(' ') : null;
}
