import {
  DEFAULT_CURRENCY,
  formatMoney,
  type Language,
  LANGUAGES,
  type ResponseStyle,
} from '@parley/contracts';
import type {
  AgentContext,
  AgentKnowledgeItem,
  AgentProduct,
  HandOffReason,
  MessageAnalysis,
} from '../agent-provider';
import { publicSentences } from '../company-description';
import { greetingName } from '../customer-name';
import {
  asksAboutBusiness,
  asksAboutProduct,
  asksMeasure,
  asksOwnerOnly,
  asksPrice,
  factsAsked,
  isQuestion,
} from './classify';
import {
  CONTACT_FIELDS,
  type ContactField,
  type FactAsked,
  PACKS,
  PHRASEBOOKS,
  type Phrasebook,
  type ProductFacts,
} from '../languages';
import { languageSignal } from './language';
import { digestSentence, substitute } from './restate';
import { bestPassage, bestSentence, type Retrieval, sharesTopic } from './retrieve';
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
  /** The passage answering: most typed items whole, with their caveat ("we never use peanuts; traces of tree nuts…"). */
  answerPassage: 420,
  relatedPassage: 200,
  /** Longer contact details (a 2,000-character URL) are left out of contact lists rather than cut. */
  contactDetail: 120,
  /** A fact the customer asked for ("when are you open?") is given even when long, up to this. */
  askedFact: 300,
} as const;

/** The AI configuration's fields each kind of fact question is answered from. */
const FACT_FIELDS: Record<FactAsked, readonly ContactField[]> = {
  openingHours: ['openingHours'],
  address: ['address'],
  phone: ['phone'],
  email: ['email'],
  website: ['website'],
  contact: ['phone', 'email', 'website'],
};

/** Intents answered from the catalogue and the knowledge, which a near-miss question leaves unanswered. */
const ANSWERED_FROM_MATERIAL = new Set(['product_inquiry', 'pricing', 'support', 'other']);

/** Intents whose own answer hands the conversation on (an order check, a complaint, a sale). */
const HANDED_ON = new Set(['complaint', 'order_status', 'purchase_intent']);

/** An order number the customer gave: "#A-123", or a few words after the word for order, "order number is 48213". */
const HASH_REFERENCE = /#\s?([a-z]{0,5}-?\d{2,12})(?![\p{L}\p{N}])/iu;
const NAMED_REFERENCE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${PACKS.map(({ orderWords }) => orderWords.source).join('|')})` +
    '[^\\d\\n]{0,15}?([a-z]{0,5}-?\\d{4,12})(?![\\p{L}\\p{N}])',
  'iu',
);

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
  /** Nothing the owner taught answers the question: the reply says so and offers the contact. */
  unknown?: boolean;
}

/** A reply and whether it is an "I don't know" (the inbound message then needs a person). */
export interface ComposedReply {
  response: string;
  needsHuman: boolean;
  /** Why a person is needed, with needsHuman. */
  needsHumanReason?: HandOffReason;
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

/** A product's facts for a reply: its price in the business's currency, written the customer's way (£24.00, 24,00 €). */
function factsOf(
  product: AgentProduct,
  { context, language }: Pick<Composer, 'context' | 'language'>,
): ProductFacts {
  return {
    name: clip(product.name, LIMITS.productName),
    price: formatMoney(product.price, context.company.currency ?? DEFAULT_CURRENCY, language),
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
 * One sentence of the company description in the customer's language for a reply: the public sentence
 * ({@link publicSentences}) sharing most words with the message, or, when the message asks about the business
 * (`asked`), its first public sentence
 * (descriptions open with what the business is). Null otherwise: the description informs answers and is never
 * recited whole, in a greeting or anywhere else.
 */
function companyFact({ context, found, language }: Composer, asked: boolean): Segment | null {
  // A sentence in another language is never quoted: the reply stays in the customer's language.
  const sentences = publicSentences(context.company.description).filter((text) =>
    sameLanguage(text, language),
  );
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

/** The company's contact details that are set and at most `maxChars` long, in CONTACT_FIELDS order. */
function contactDetailsOf(
  company: AgentContext['company'],
  maxChars: number = LIMITS.contactDetail,
): [ContactField, string][] {
  const values: Record<ContactField, string | null | undefined> = {
    phone: company.phoneNumber,
    email: company.email,
    website: company.website,
    openingHours: company.openingHours,
    address: company.address,
  };
  return CONTACT_FIELDS.flatMap((field): [ContactField, string][] => {
    const value = values[field]?.replace(/\s+/g, ' ').trim();
    return value && value.length <= maxChars ? [[field, value]] : [];
  });
}

/** The owner's phone and email, set and short enough to quote: how a customer reaches the business now. */
function directContactsOf(company: AgentContext['company']): [ContactField, string][] {
  return contactDetailsOf(company).filter(([field]) => field === 'phone' || field === 'email');
}

/**
 * The customer asked for a person: the conversation goes to the team, and the customer learns how to reach the
 * business now (its phone and email, when set), in their language.
 */
export function handOffText(
  language: Language,
  context: Pick<AgentContext, 'company' | 'responseStyle'>,
): string {
  const book = PHRASEBOOKS[language];
  const style = context.responseStyle;
  const direct = directContactsOf(context.company).map(([, value]) => value);
  return direct.length === 0
    ? book.handOff(style)
    : `${book.handOff(style)} ${book.alsoReachUs(style, direct.join(', '))}`;
}

/**
 * "I don't know": nothing the owner taught answers the question, so the agent says so, never guesses, and offers
 * the owner's phone and email (or a person from the team when there is neither).
 */
function unknownAnswer({ book, style, context }: Composer): Draft {
  const direct = directContactsOf(context.company);
  const offer: Segment[] =
    direct.length === 0
      ? [{ text: book.teamWillReply(style) }]
      : [
          { text: book.askTheTeam(style) },
          ...direct.map(([field, value]) => ({ text: `${book.contactLabel[field]}: ${value}`, line: true })),
        ];
  return { body: [{ text: book.dontKnow(style) }, ...offer], closing: false, related: false, unknown: true };
}

/**
 * The business facts the customer asked for, from the AI configuration, the owner's text as written; null when
 * the owner has set none of them (a knowledge item may still answer).
 */
function factAnswer({ book, context, language }: Composer, asked: readonly FactAsked[]): Draft | null {
  const fields = new Set(asked.flatMap((fact) => FACT_FIELDS[fact]));
  const known = contactDetailsOf(context.company, LIMITS.askedFact).filter(([field]) => fields.has(field));
  if (known.length === 0) return null;
  // Opening hours are said in the customer's language ("martes a domingo"); the times and names stay as written.
  const said = (field: ContactField, value: string) =>
    field === 'openingHours' ? substitute(value, languageSignal(value) ?? language, language) : value;
  return {
    body: known.map(([field, value]) => ({ text: sentence(book.fact(field, said(field, value))) })),
    closing: true,
    related: true,
  };
}

/** A knowledge passage answers, or the agent does not know. */
function knowledgeOrUnknown(c: Composer): Draft {
  const fromKnowledge = knowledgeAnswer(c);
  return fromKnowledge ? { body: fromKnowledge, closing: true, related: false } : unknownAnswer(c);
}

function productList(c: Composer, products: readonly AgentProduct[]): Segment[] {
  return [
    { text: c.book.productListIntro },
    ...products.map((product) => ({ text: c.book.productListItem(factsOf(product, c)), line: true })),
  ];
}

/** Whether a text is written in `language` (or shows no language of its own). */
function sameLanguage(text: string, language: Language): boolean {
  const written = languageSignal(text);
  return written === null || written === language;
}

/**
 * The best knowledge passage: quoted as written when it is in the customer's language (or shows none); otherwise its
 * facts (numbers, amounts, names, days, and the words the vocabulary packs know) said in the customer's language,
 * one line per sentence ({@link digestSentence}), so the reply stays in their language and nothing is translated
 * freely.
 */
function knowledgeAnswer({ book, style, found, language }: Composer): Segment[] | null {
  const best = found.knowledge[0];
  if (!best) return null;
  const passage = bestPassage(best.content, found.terms, LIMITS.answerPassage);
  const written = languageSignal(passage);
  if (written === null || written === language) return [{ text: `${book.knowledgeIntro(style)} ${passage}` }];
  // Judged sentence by sentence: a passage may mix languages, and a sentence in the customer's stays as written.
  const lines = passage
    .split(/(?<=[.!?؟])\s+|\n+/u)
    .map((part) => {
      const own = languageSignal(part) ?? written;
      return own === language ? part.trim() : digestSentence(part, own, language);
    })
    .filter((line) => line !== '');
  if (lines.length === 0) return [{ text: `${book.knowledgeIntro(style)} ${passage}` }];
  return [{ text: book.knowledgeIntro(style) }, ...lines.map((line) => ({ text: `• ${line}`, line: true }))];
}

/** Whether a knowledge item speaks of a measure (a weight, a size), in any of the languages. */
function statesMeasure(item: AgentKnowledgeItem): boolean {
  const text = `${item.title}. ${item.content}`;
  return LANGUAGES.some((language) => asksMeasure(text, language));
}

/**
 * Catalogue facts only: a matched product's exact price and stock; with no match, a knowledge item that answers
 * ("how much is shipping?"), "I don't know" for what only the owner can tell (a discount, a weight), or a question
 * back, never a guess. Asked what the business sells, a sentence of its description and the catalogue's
 * categories; without a catalogue, a sentence of the description that fits, or a person will answer.
 */
function productAnswer(c: Composer): Draft {
  const { book, style, context, found, analysis } = c;
  if (context.products.length === 0) {
    const fact = companyFact(c, asksAbout(c));
    if (fact)
      return { body: [fact, { text: book.catalogueUnavailable(style) }], closing: true, related: true };
    if (asksOwnerOnly(c.message, c.language) || isQuestion(c.message)) return knowledgeOrUnknown(c);
    const fromKnowledge = knowledgeAnswer(c);
    if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
    // Nothing to answer from: a person will, and the message is marked for them.
    return {
      body: [{ text: book.catalogueUnavailable(style) }],
      closing: true,
      related: false,
      unknown: true,
    };
  }
  // "How much is engraving?": an item titled with what is asked answers it, before a product that only mentions it.
  if (found.titleAsked && !found.namesProduct) {
    const fromKnowledge = knowledgeAnswer(c);
    if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
  }
  const [first, ...others] = found.products;
  // "How much extra for a handwritten card with the bouquet?": a passage holding what is asked beyond the products
  // found answers it, not the products that only share a word ("bouquet").
  if (first && (others.length > 0 || asksPrice(c.message, c.language)) && knowledgeAnswersBeyond(c)) {
    const fromKnowledge = knowledgeAnswer(c);
    if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
  }
  if (!first) {
    const fromKnowledge = knowledgeAnswer(c);
    if (fromKnowledge) return { body: fromKnowledge, closing: true, related: false };
    // A question nothing in the catalogue or knowledge answers is not known: said so, with the owner's contact.
    if (asksOwnerOnly(c.message, c.language) || (isQuestion(c.message) && !asksAbout(c)))
      return unknownAnswer(c);
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
  // A follow-up about one variant ("how many does the big one serve?"): its price and stock, and its card's answer.
  if (found.detail) {
    return {
      body: [
        { text: book.productFacts(factsOf(first, c)) },
        { text: sentence(clip(found.detail, LIMITS.productDescription)) },
      ],
      ask: first.inStock ? book.offerToOrder[style] : undefined,
      closing: !first.inStock,
      related: false,
    };
  }
  // A product's weight or size is not in the catalogue: only a knowledge item about it answers, never a guess.
  if (asksMeasure(c.message, c.language) && !found.knowledge.some(statesMeasure)) return unknownAnswer(c);
  // Asked something of it other than its price or stock (a condition, a duration, a brand): see aboutProductAnswer.
  if (found.beyondProducts.length > 0 && isQuestion(c.message) && !asksPrice(c.message, c.language))
    return aboutProductAnswer(c, first);
  const body: Segment[] = [{ text: book.productFacts(factsOf(first, c)) }];
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

/**
 * Whether the best knowledge passage answers what the message asks beyond the products found (its words none of the
 * products holds, {@link Retrieval.beyondProducts}) when no product is named whole: then the passage answers, and the
 * products found share only a word with the question. A price question needs a passage stating a number.
 */
function knowledgeAnswersBeyond({ found, message, language }: Composer): boolean {
  const best = found.knowledge[0];
  if (!best || found.namesProduct || found.answeredByKnowledge.length === 0) return false;
  return !asksPrice(message, language) || /\d/.test(best.content);
}

/**
 * A question about a product that its card does not answer ("can my 15-year-old have it?", "can I pay for it in
 * instalments?", "how long does it take?", "what brand is it?"): the knowledge passage holding what was asked,
 * naming the product, then its stock (never its price); with no such passage, "I don't know" and the owner's contact.
 */
function aboutProductAnswer(c: Composer, product: AgentProduct): Draft {
  const fromKnowledge = c.found.answeredByKnowledge.length > 0 ? knowledgeAnswer(c) : null;
  if (!fromKnowledge) return unknownAnswer(c);
  const [intro, ...rest] = fromKnowledge;
  const named = { text: `${c.book.aboutProduct(clip(product.name, LIMITS.productName))} ${intro.text}` };
  const stock = { text: c.book.productStock(factsOf(product, c)) };
  return { body: [named, ...rest, stock], closing: true, related: false };
}

/** The team checks an order; a question about its parcel's weight or size is one only the owner can answer. */
function orderStatusAnswer(c: Composer): Draft {
  const { book, style, message, analysis } = c;
  if (asksMeasure(message, c.language)) return knowledgeOrUnknown(c);
  const body: Segment[] = analysis.urgency === 'high' ? [{ text: book.orderTrouble(style) }] : [];
  const reference = orderReferenceOf(message);
  if (!reference) return { body, ask: book.askOrderNumber(style), closing: false, related: true };
  body.push({ text: book.orderWillBeChecked(style, reference) });
  return { body, closing: true, related: true };
}

/**
 * An apology; when the owner taught what to do about this problem ("if a piece arrives broken, email us a picture…"), that
 * rule; and the team will follow up.
 */
function complaintAnswer(c: Composer): Draft {
  const { book, style, context } = c;
  const body: Segment[] = [
    { text: book.apology[style] },
    ...(knowledgeAnswer(c) ?? []),
    { text: book.escalation(style) },
  ];
  const direct = directContactsOf(context.company)[0];
  if (direct) body.push({ text: book.alsoReachUs(style, direct[1]), optional: true });
  return { body, closing: false, related: false };
}

/**
 * The best knowledge item answers; without one, a question is an "I don't know" with the owner's contact, and a
 * request for help the company's contact details (without those, a person will reply).
 */
function supportAnswer(c: Composer): Draft {
  const { book, style, context, found } = c;
  const fromKnowledge = knowledgeAnswer(c);
  // "Do you have the X, and how do returns work?": both parts are answered.
  // A policy question naming a product ("returns for the X?") gets the policy, not the product's price.
  const product: Segment[] =
    found.products.length === 1 && asksAboutProduct(c.message, c.language)
      ? [{ text: book.productFacts(factsOf(found.products[0], c)) }]
      : [];
  if (fromKnowledge) return { body: [...product, ...fromKnowledge], closing: true, related: false };
  if (isQuestion(c.message) || asksOwnerOnly(c.message, c.language)) return unknownAnswer(c);
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
  if (found.products.length === 1) body.push({ text: book.productFacts(factsOf(found.products[0], c)) });
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
  if (!fact && c.found.terms.length > 0 && (isQuestion(c.message) || asksOwnerOnly(c.message, c.language))) {
    return unknownAnswer(c);
  }
  return {
    body: [{ text: book.thanks(style, companyNameOf(context.company)) }, ...(fact ? [fact] : [])],
    ask: book.howCanIHelp(style),
    closing: false,
    related: false,
  };
}

/**
 * A question for a business fact (opening hours, address, phone, email, website) is answered from the AI
 * configuration, or a knowledge item, or with "I don't know"; unless the message is about a product it names or
 * is a complaint, an order or a purchase, which the intents answer.
 */
function draftFor(c: Composer): Draft {
  const facts =
    c.found.products.length === 0 && !HANDED_ON.has(c.analysis.intent)
      ? factsAsked(c.message, c.language)
      : [];
  if (facts.length > 0) return factAnswer(c, facts) ?? knowledgeOrUnknown(c);
  // A question whose qualifying phrase the material leaves half unsaid ("cakes for dogs") is not known: the
  // neighbour sharing its head or its qualifier answers another question (local/near-miss.ts).
  if (
    c.found.nearMiss &&
    ANSWERED_FROM_MATERIAL.has(c.analysis.intent) &&
    (isQuestion(c.message) || asksOwnerOnly(c.message, c.language))
  )
    return unknownAnswer(c);
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
export function composeReply(input: ComposeInput): ComposedReply {
  const c: Composer = { ...input, book: PHRASEBOOKS[input.language], style: input.context.responseStyle };
  const draft = draftFor(c);
  const segments: Segment[] = [
    { text: c.book.opener(c.style, firstNameOf(c.context.customer.name)) },
    ...draft.body,
  ];
  // Only a passage about a topic the customer asked (shipping, returns…) may follow the answer, never padding.
  const candidate = draft.related && !draft.unknown ? c.found.knowledge[0] : undefined;
  const related =
    candidate && sharesTopic(candidate, c.found.terms) && sameLanguage(candidate.content, c.language)
      ? candidate
      : undefined;
  if (related) {
    const passage = bestPassage(related.content, c.found.terms, LIMITS.relatedPassage);
    segments.push({ text: `${c.book.relatedIntro} ${passage}`, optional: true });
  }
  if (draft.ask) segments.push({ text: draft.ask });
  else if (draft.closing) segments.push({ text: c.book.closing[c.style], optional: true });
  return draft.unknown
    ? { response: assemble(segments), needsHuman: true, needsHumanReason: 'unknown' }
    : { response: assemble(segments), needsHuman: false };
}
