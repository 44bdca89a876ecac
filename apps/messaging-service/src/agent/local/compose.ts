import type { Language, ResponseStyle } from '@parley/contracts';
import type { AgentContext, AgentProduct, MessageAnalysis } from '../agent-provider';
import { publicSentences } from '../company-description';
import { greetingName } from '../customer-name';
import { asksAboutBusiness } from './classify';
import { ARABIC } from './phrases/ar';
import { ENGLISH } from './phrases/en';
import { SPANISH } from './phrases/es';
import { CONTACT_FIELDS, type ContactField, type Phrasebook, type ProductFacts } from './phrases/phrasebook';
import { bestPassage, bestSentence, type Retrieval } from './retrieve';
import { clip, westernDigits } from './text';

/** Longest reply, in characters; every piece below is capped so that the required ones always fit. */
export const MAX_REPLY_CHARS = 600;

/** Caps on the owner's and customer's free text quoted in a reply. */
const LIMITS = {
  firstName: 30,
  company: 80,
  productName: 80,
  category: 40,
  productDescription: 160,
  /** One sentence of the company description, answering a question about the business. */
  companyFact: 200,
  answerPassage: 300,
  relatedPassage: 200,
  /** Longer contact details (a 2,000-character URL) are left out rather than cut. */
  contactDetail: 120,
} as const;

const PHRASEBOOKS: Record<Language, Phrasebook> = { en: ENGLISH, es: SPANISH, ar: ARABIC };

/** An order number the customer gave: "#A-123", or a few words after the word for order, "order number is 48213". */
const HASH_REFERENCE = /#\s?([a-z]{0,5}-?\d{2,12})(?![\p{L}\p{N}])/iu;
const NAMED_REFERENCE =
  /(?<![\p{L}\p{N}])(?:order|pedido|orden|رقم|طلب\p{L}*|الطلب)[^\d\n]{0,15}?([a-z]{0,5}-?\d{4,12})(?![\p{L}\p{N}])/iu;

/** A piece of a reply: list lines go on their own line; optional pieces are dropped when the reply is full. */
interface Segment {
  text: string;
  line?: boolean;
  optional?: boolean;
}

/** What an intent's handler wants said; `ask` ends the reply, otherwise `closing` offers more help. */
interface Draft {
  body: Segment[];
  ask?: string;
  closing: boolean;
  /** Add the best knowledge passage after the body (when the body did not already quote it). */
  related: boolean;
}

export interface ComposeInput {
  message: string;
  language: Language;
  analysis: MessageAnalysis;
  context: AgentContext;
  found: Retrieval;
}

interface Composer extends ComposeInput {
  book: Phrasebook;
  style: ResponseStyle;
}

function formatPrice(price: number): string {
  return `$${price.toFixed(2)}`;
}

function factsOf(product: AgentProduct): ProductFacts {
  return {
    name: clip(product.name, LIMITS.productName),
    price: formatPrice(product.price),
    inStock: product.inStock,
  };
}

/** Ends a quoted text with a full stop when it has no closing punctuation of its own. */
function sentence(text: string): string {
  return text === '' || /[.!?؟…]$/u.test(text) ? text : `${text}.`;
}

/** The first name of a customer whose display name is plausibly a person's ({@link greetingName}), else null. */
function firstNameOf(name: string | null | undefined): string | null {
  const first = greetingName(name);
  return first ? clip(first, LIMITS.firstName) : null;
}

/** The company's name as a reply states it, or null when the owner has not set one. */
function companyNameOf(company: AgentContext['company']): string | null {
  const name = company.name.replace(/\s+/g, ' ').trim();
  return name ? clip(name, LIMITS.company) : null;
}

/** Whether the message asks what the business is, does or sells ({@link asksAboutBusiness}). */
function asksAbout({ message, language }: Composer): boolean {
  return asksAboutBusiness(message, language);
}

/**
 * One sentence of the company description for a reply: the public sentence ({@link publicSentences}) sharing most
 * words with the message, or, when the message asks about the business (`asked`), its first public sentence
 * (descriptions open with what the business is). Null otherwise: the description informs answers and is never
 * recited whole, in a greeting or anywhere else.
 */
function companyFact({ context, found }: Composer, asked: boolean): Segment | null {
  const sentences = publicSentences(context.company.description);
  if (sentences.length === 0) return null;
  const fact = bestSentence(sentences, found.terms) ?? (asked ? sentences[0] : null);
  return fact ? { text: sentence(clip(fact, LIMITS.companyFact)), optional: true } : null;
}

function orderReferenceOf(message: string): string | null {
  const text = westernDigits(message);
  return (HASH_REFERENCE.exec(text) ?? NAMED_REFERENCE.exec(text))?.[1] ?? null;
}

/** The first few distinct catalogue categories, to suggest when nothing matched. */
function categoriesOf(products: readonly AgentProduct[]): string[] {
  const seen = new Map<string, string>();
  for (const { category } of products) {
    const key = category.trim().toLowerCase();
    if (key && !seen.has(key)) seen.set(key, clip(category, LIMITS.category));
    if (seen.size === 3) break;
  }
  return [...seen.values()];
}

function contactDetailsOf(company: AgentContext['company']): [ContactField, string][] {
  const values: Record<ContactField, string | null | undefined> = {
    phone: company.phoneNumber,
    email: company.email,
    website: company.website,
    openingHours: company.openingHours,
    address: company.address,
  };
  return CONTACT_FIELDS.flatMap((field): [ContactField, string][] => {
    const value = values[field]?.replace(/\s+/g, ' ').trim();
    return value && value.length <= LIMITS.contactDetail ? [[field, value]] : [];
  });
}

function productList({ book }: Composer, products: readonly AgentProduct[]): Segment[] {
  return [
    { text: book.productListIntro },
    ...products.map((product) => ({ text: book.productListItem(factsOf(product)), line: true })),
  ];
}

function knowledgeAnswer({ book, style, found }: Composer): Segment[] | null {
  const best = found.knowledge[0];
  if (!best) return null;
  return [
    { text: `${book.knowledgeIntro(style)} ${bestPassage(best.content, found.terms, LIMITS.answerPassage)}` },
  ];
}

/**
 * Catalogue facts only: a matched product's exact price and stock; with no match, a knowledge item that answers
 * ("how much is shipping?") or a question back, never a guess. Asked what the business sells, a sentence of its
 * description and the catalogue's categories; without a catalogue, a sentence of the description that fits.
 */
function productAnswer(c: Composer): Draft {
  const { book, style, context, found, analysis } = c;
  if (context.products.length === 0) {
    const fact = companyFact(c, asksAbout(c));
    return {
      body: [...(fact ? [fact] : []), { text: book.catalogueUnavailable(style) }],
      closing: true,
      related: true,
    };
  }
  const [first, ...others] = found.products;
  if (!first) {
    const fromKnowledge = knowledgeAnswer(c);
    if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
    const categories = categoriesOf(context.products);
    const fact = asksAbout(c) ? companyFact(c, true) : null;
    const overview =
      fact && categories.length > 0
        ? [fact, { text: book.catalogueOverview(style, categories) }]
        : [{ text: book.productNotFound(style, categories) }];
    return { body: overview, closing: false, related: false };
  }
  if (others.length > 0) {
    const anyInStock = found.products.some((product) => product.inStock);
    return {
      body: productList(c, found.products),
      ask: anyInStock ? book.offerToOrder[style] : undefined,
      closing: !anyInStock,
      related: true,
    };
  }
  const body: Segment[] = [{ text: book.productFacts(factsOf(first)) }];
  if (analysis.intent === 'product_inquiry' && first.description.trim() !== '') {
    body.push({ text: sentence(clip(first.description, LIMITS.productDescription)), optional: true });
  }
  return {
    body,
    ask: first.inStock ? book.offerToOrder[style] : undefined,
    closing: !first.inStock,
    related: true,
  };
}

function orderStatusAnswer({ book, style, message, analysis }: Composer): Draft {
  const body: Segment[] = analysis.urgency === 'high' ? [{ text: book.orderTrouble(style) }] : [];
  const reference = orderReferenceOf(message);
  if (!reference) return { body, ask: book.askOrderNumber(style), closing: false, related: true };
  body.push({ text: book.orderWillBeChecked(style, reference) });
  return { body, closing: true, related: true };
}

function complaintAnswer({ book, style, context }: Composer): Draft {
  const body: Segment[] = [{ text: book.apology[style] }, { text: book.escalation(style) }];
  const direct = contactDetailsOf(context.company).find(([field]) => field === 'phone' || field === 'email');
  if (direct) body.push({ text: book.alsoReachUs(style, direct[1]), optional: true });
  return { body, closing: false, related: false };
}

/** The best knowledge item answers; without one, the company's contact details; without those, a person will. */
function supportAnswer(c: Composer): Draft {
  const { book, style, context } = c;
  const fromKnowledge = knowledgeAnswer(c);
  if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
  const contacts = contactDetailsOf(context.company);
  if (contacts.length === 0) {
    return { body: [{ text: book.teamWillReply(style) }], closing: true, related: false };
  }
  return {
    body: [
      { text: book.contactIntro(style) },
      ...contacts.map(([field, value]) => ({
        text: `${book.contactLabel[field]}: ${value}`,
        line: true,
        optional: true,
      })),
    ],
    closing: true,
    related: false,
  };
}

function purchaseAnswer(c: Composer): Draft {
  const { book, style, context, found } = c;
  const opening: Segment = { text: book.purchaseOpening[style] };
  if (context.products.length > 0 && found.products.length !== 1) {
    const choices = found.products.length > 1 ? productList(c, found.products) : [];
    return { body: [opening, ...choices], ask: book.whichProduct(style), closing: false, related: false };
  }
  const body: Segment[] = [opening];
  if (found.products.length === 1) body.push({ text: book.productFacts(factsOf(found.products[0])) });
  body.push({ text: book.purchaseNextStep(style) });
  const website = contactDetailsOf(context.company).find(([field]) => field === 'website');
  if (website) body.push({ text: book.websiteHint(style, website[1]), optional: true });
  return { body, closing: true, related: true };
}

/**
 * A relevant knowledge item answers; otherwise thanks, a sentence of the company description when the message
 * asks about the business or shares words with one ({@link companyFact}), and an offer to help.
 */
function otherAnswer(c: Composer): Draft {
  const { book, style, context } = c;
  const fromKnowledge = knowledgeAnswer(c);
  if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
  const fact = companyFact(c, asksAbout(c));
  return {
    body: [{ text: book.thanks(style, companyNameOf(context.company)) }, ...(fact ? [fact] : [])],
    ask: book.howCanIHelp(style),
    closing: false,
    related: false,
  };
}

function draftFor(c: Composer): Draft {
  switch (c.analysis.intent) {
    case 'greeting':
      return {
        body: [{ text: c.book.greeting(c.style, companyNameOf(c.context.company)) }],
        closing: false,
        related: false,
      };
    case 'product_inquiry':
    case 'pricing':
      return productAnswer(c);
    case 'order_status':
      return orderStatusAnswer(c);
    case 'complaint':
      return complaintAnswer(c);
    case 'support':
      return supportAnswer(c);
    case 'purchase_intent':
      return purchaseAnswer(c);
    case 'other':
      return otherAnswer(c);
  }
}

/** Joins the pieces, leaving out optional ones (in order) once the reply would pass {@link MAX_REPLY_CHARS}. */
function assemble(segments: readonly Segment[]): string {
  const required = segments.filter((segment) => !segment.optional);
  let room = MAX_REPLY_CHARS - required.reduce((total, segment) => total + segment.text.length + 1, 0);
  const kept = segments.filter((segment) => {
    if (!segment.optional) return true;
    if (segment.text.length + 1 > room) return false;
    room -= segment.text.length + 1;
    return true;
  });
  return kept.reduce(
    (reply, segment, i) =>
      i === 0 ? segment.text : `${reply}${segment.line || kept[i - 1].line ? '\n' : ' '}${segment.text}`,
    '',
  );
}

/**
 * The reply in the customer's language and the owner's style: a salutation, the intent's answer from the owner's
 * company information, catalogue and knowledge (quoted, never invented), and a question or an offer of more help.
 */
export function composeReply(input: ComposeInput): string {
  const c: Composer = { ...input, book: PHRASEBOOKS[input.language], style: input.context.responseStyle };
  const draft = draftFor(c);
  const segments: Segment[] = [
    { text: c.book.opener(c.style, firstNameOf(c.context.customer.name)) },
    ...draft.body,
  ];
  const related = draft.related ? c.found.knowledge[0] : undefined;
  if (related) {
    const passage = bestPassage(related.content, c.found.terms, LIMITS.relatedPassage);
    segments.push({ text: `${c.book.relatedIntro} ${passage}`, optional: true });
  }
  if (draft.ask) segments.push({ text: draft.ask });
  else if (draft.closing) segments.push({ text: c.book.closing[c.style], optional: true });
  return assemble(segments);
}
