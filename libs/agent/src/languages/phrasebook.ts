import type { ResponseStyle } from '@parley/contracts';

/** A catalogue product as a reply states it: its name and its price already formatted ("$89.99"). */
export interface ProductFacts {
  name: string;
  price: string;
  inStock: boolean;
}

/** The company's contact details, in the order a reply lists them. */
export const CONTACT_FIELDS = ['phone', 'email', 'website', 'openingHours', 'address'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * Everything the local agent says, in one language. Sentences that may end a reply with a question say so;
 * `{style}` variants carry the tone (and, in Spanish, usted for professional and tú otherwise).
 */
export interface Phrasebook {
  /** Salutation, with the customer's first name when known. */
  opener(style: ResponseStyle, firstName: string | null): string;
  /** Offer of more help, ending a reply that asks nothing. */
  closing: Record<ResponseStyle, string>;
  /** Welcome naming the company (when it has a name; never its description); ends with a question. */
  greeting(style: ResponseStyle, company: string | null): string;
  /** One product's price and stock as a sentence. */
  productFacts(product: ProductFacts): string;
  /** A product's stock alone, after a passage answering something else about it (its price is not asked). */
  productStock(product: ProductFacts): string;
  productListIntro: string;
  productListItem(product: ProductFacts): string;
  /** Question: would the customer like to order what was just described. */
  offerToOrder: Record<ResponseStyle, string>;
  /** No catalogue product matched; names some categories and ends asking which product. */
  productNotFound(style: ResponseStyle, categories: readonly string[]): string;
  /** What the catalogue holds (a few of its categories, at least one), ending asking which interests them. */
  catalogueOverview(style: ResponseStyle, categories: readonly string[]): string;
  /** There is no catalogue to answer from: a person will follow up. */
  catalogueUnavailable(style: ResponseStyle): string;
  /** The team will check the given order. */
  orderWillBeChecked(style: ResponseStyle, orderReference: string): string;
  /** Question asking for the order number. */
  askOrderNumber(style: ResponseStyle): string;
  orderTrouble(style: ResponseStyle): string;
  apology: Record<ResponseStyle, string>;
  escalation(style: ResponseStyle): string;
  alsoReachUs(style: ResponseStyle, contact: string): string;
  /** Leads into a knowledge passage that answers the question. */
  knowledgeIntro(style: ResponseStyle): string;
  /** Names the product a knowledge passage is quoted about ("About the Balayage:"), before the passage. */
  aboutProduct(name: string): string;
  /** Leads into a related knowledge passage after the main answer. */
  relatedIntro: string;
  /** Leads into the list of contact details. */
  contactIntro(style: ResponseStyle): string;
  contactLabel: Record<ContactField, string>;
  teamWillReply(style: ResponseStyle): string;
  /**
   * Said by the claim check (claim-check.ts), for either provider, in place of a reply's sentences stating a price or
   * stock the catalogue does not hold: the team will confirm the price, the availability, or both.
   */
  teamWillConfirm: Record<'price' | 'stock' | 'both', string>;
  /** The customer asked for a person: one will answer, and the agent stops answering until then. */
  handOff(style: ResponseStyle): string;
  /** One business fact the customer asked for, the owner's value quoted as written ("Our opening hours are: …"). */
  fact(field: ContactField, value: string): string;
  /** Nothing the owner taught answers the question: says so, and that the agent will not guess. */
  dontKnow(style: ResponseStyle): string;
  /** Leads into the owner's phone and email after {@link dontKnow}. */
  askTheTeam(style: ResponseStyle): string;
  purchaseOpening: Record<ResponseStyle, string>;
  purchaseNextStep(style: ResponseStyle): string;
  /** Question: which product the customer wants to order. */
  whichProduct(style: ResponseStyle): string;
  websiteHint(style: ResponseStyle, website: string): string;
  /** Thanks for writing, naming the company when it has a name. */
  thanks(style: ResponseStyle, company: string | null): string;
  /** Question: how the agent can help. */
  howCanIHelp(style: ResponseStyle): string;
}
