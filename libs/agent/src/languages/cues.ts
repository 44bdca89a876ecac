import type { Intent } from '@parley/contracts';

/**
 * The kinds of phrase a language pack gives the agent (each language's lists: ./<code>/cues.ts). Written naturally
 * (accents, hamza, ة) and normalised when compiled, so "cuánto" also matches "cuanto" and "أريد" also matches
 * "اريد". Phrases are separated by ", "; words are whole words, and a trailing `*` matches any word that starts
 * with it ("refund*" → refunds, refunded).
 */

export type CuedIntent = Exclude<Intent, 'other'>;

/** Phrases by weight: a greeting word (1) loses to any real question (2–4) in the same message. */
export type WeightedPhrases = Partial<Record<1 | 2 | 3 | 4, string>>;

/** A business fact a customer may ask for: the AI configuration's fields, or any way to reach the business. */
export type FactAsked = 'openingHours' | 'address' | 'phone' | 'email' | 'website' | 'contact';

/**
 * How owners mark a note to themselves or their staff in the company description (company-description.ts). The
 * lists use the phrase syntax above, plus `…` for up to two other words ("do not … share" also finds "do not ever
 * share", "no … compartas" finds "no se lo compartas"). A sentence is a note when it holds a secrecy phrase or a
 * secret, or an insider word together with a sensitive one; see `splitDescription`.
 */
export interface PrivateNoteCues {
  /** Said before a colon or a spaced dash at the start of a line or sentence, they label what follows as a note. */
  labels: string;
  /** Words that make a sentence a note when they start it, colon or not ("Internal margin is 40%."). */
  noteStarts: string;
  /** Anywhere in a sentence, they make it a note: warnings and imperatives of secrecy ("never mention"). */
  secrecy: string;
  /** Things that are never for customers, wherever they are named (a password, the profit margin). */
  secrets: string;
  /** Who a note is for, or that it is hidden (staff, internal, secret): a note beside a {@link sensitive} word. */
  insiders: string;
  /** Things a reply could give away (a code, a price, a login): a note beside an {@link insiders} word. */
  sensitive: string;
  /** Words a short warning may hold besides its warning and still be about the sentence before ("Don't share this"). */
  pointBack: string;
  /** Words that make a warning a heading over everything after it ("The following is confidential"). */
  pointForward: string;
  /**
   * A sentence that promises customers their own data is safe ("we never share your details") is no note, whatever
   * secrecy phrase it holds.
   */
  privacyPromises: string;
  /**
   * A sentence that names everyone as its audience ("free wifi for guests", "anyone can use code …") shares a
   * secret or an insider's code on purpose: it is no note unless it also holds a secrecy phrase.
   */
  publicAudience: string;
  /** Words that, inside a `…` gap, undo a secrecy phrase ("do not hesitate to share", "no olvides mencionar"). */
  notSecrecy: string;
}

/** Every kind of phrase the classifier (local/classify.ts) and the description reader look for, in one language. */
export interface Cues {
  /** The phrases of each intent, by weight. */
  intents: Record<CuedIntent, WeightedPhrases>;
  /** Words that make any message urgent on their own. */
  urgent: string;
  /** Signs of anger; with a complaint or an order problem they make the message urgent. */
  anger: string;
  /** Something went wrong with a delivery: with an order or complaint message, urgent. */
  orderProblem: string;
  /** Signs of a ready buyer beyond the intent itself: quantities, business or bulk buying, asking how to buy. */
  buying: string;
  /** Units after a number ("3 units", "2 pares", "٥ قطع") mean the customer is counting what to buy. */
  quantityUnits: string;
  /** A customer asking for a person ("can I talk to someone?", "¿puedo hablar con alguien?", "أريد التحدث مع موظف"). */
  person: string;
  /** Questions about the business itself ("what do you sell?", "¿a qué se dedican?", "ماذا تبيعون؟"). */
  aboutBusiness: string;
  /**
   * "Where is…" and "how do I get to…": with a noun for the business's place (the pack's `premises`: "where is the
   * clinic?", "¿dónde está el taller?", "أين الصالون؟") they ask for the address.
   */
  where: string;
  /** Questions for one business fact ("when are you open?", "¿dónde están?", "ما هو رقم الهاتف؟"). */
  facts: Record<FactAsked, string>;
  /**
   * Topics a customer may ask about that only the owner can answer (a policy, a weight, a date, a discount): with
   * no knowledge item about them and no product, the agent says it does not know instead of answering around them.
   */
  ownerOnly: string;
  /** Questions about a measure of a thing (its weight, size): never an order-status question, even about a parcel. */
  measure: string;
  /** How owners mark a note to themselves in the company description. */
  privateNotes: PrivateNoteCues;
}
