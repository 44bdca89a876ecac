/**
 * The commerce and service vocabulary of one language: for each concept, the words a customer or an owner uses for it
 * in that language, most usual first ("returns", "devoluciones", "إرجاع"). The same concept in another language's
 * pack is its counterpart, so the agent can find an English passage for a Spanish question (retrieval) and say an
 * English passage's facts in Arabic (local/restate.ts). General vocabulary only: never a business's own words.
 *
 * Units give their singular first and plural second; the other concepts are said with their first word.
 */
export const TOPICS = [
  'shipping',
  'returns',
  'refund',
  'exchange',
  'warranty',
  'payment',
  'instalments',
  'discount',
  'booking',
  'cancellation',
  'deposit',
  'pickup',
  'repair',
  'hire',
  'damage',
  'battery',
  'complaint',
  'openingHours',
  'parking',
  'duration',
  'age',
  'servings',
  'records',
  'bring',
] as const;

/** Words that carry a fact of a passage beside its numbers and names (local/restate.ts), not a topic of their own. */
export const WORDS = [
  'price',
  'order',
  'free',
  'not',
  'receipt',
  'unused',
  'originalPackaging',
  'storeCredit',
  'card',
  'cash',
  'bankTransfer',
  'full',
  'sameDay',
  'inAdvance',
  'notice',
  'only',
  'except',
  'closed',
  'daily',
  'weekend',
  'holidays',
  'and',
  'email',
  'photo',
] as const;

/** Units a number may carry ("7 days"); said in the singular after 1, else in the plural. */
export const UNITS = ['minute', 'hour', 'day', 'workingDay', 'week', 'month', 'year', 'mile', 'km'] as const;

/** Words that lead into the number or name after them ("within 7 days", "over £40"): said joined to it. */
export const LEADS = ['within', 'over', 'under', 'atLeast', 'upTo', 'before', 'after', 'from', 'until', 'to', 'onDay'] as const;

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export type Topic = (typeof TOPICS)[number];
export type Concept =
  | Topic
  | (typeof WORDS)[number]
  | (typeof UNITS)[number]
  | (typeof LEADS)[number]
  | (typeof DAYS)[number]
  | (typeof MONTHS)[number];

/** Each concept's words in one language, written naturally (accents, hamza); normalised when compiled. */
export type Vocabulary = Record<Concept, readonly string[]>;

/**
 * Nouns for the business's own place or kind of business ("shop", "salon", "clinic", "taller", "عيادة"): every
 * business calls itself by one, so such a word never picks a product (local/retrieve.ts), and "where is the clinic?" asks
 * for the address (local/classify.ts). Not a concept of the packs: a passage's "salon" is never said as another noun.
 */
export type PremisesWords = readonly string[];
