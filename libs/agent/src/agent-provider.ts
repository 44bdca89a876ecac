import type {
  Intent,
  Language,
  LeadPotential,
  Platform,
  ProductSearchHit,
  ResponseStyle,
  UrgencyLevel,
} from '@parley/contracts';

/** How many earlier messages a follow-up question ("how much is it?") looks back through for the product. */
export const FOLLOW_UP_DEPTH = 4;

/** What the agent knows when it answers: the owner's business, never anything from another owner. */
export interface AgentContext {
  company: {
    name: string;
    description: string;
    /** The business's currency (ISO 4217; DEFAULT_CURRENCY when absent): every price the agent states is in it. */
    currency?: string;
    address?: string | null;
    phoneNumber?: string | null;
    email?: string | null;
    website?: string | null;
    googleMapsLocation?: string | null;
    openingHours?: string | null;
  };
  responseStyle: ResponseStyle;
  /**
   * The owner's active knowledge items the message is about, most relevant first (KnowledgeQueries.retrieve):
   * typed items and document passages. When two disagree, the higher `priority` wins.
   */
  knowledge: AgentKnowledgeItem[];
  /**
   * The catalogue products the message is about, most relevant first (catalogue-service's search; empty when
   * none matches or the catalogue could not be asked).
   */
  products: AgentProduct[];
  customer: { name?: string | null; platform: Platform | 'test' };
  /** Earlier messages of the conversation, oldest first (may be empty). */
  history: { direction: 'incoming' | 'outgoing'; content: string }[];
}

export interface AgentKnowledgeItem {
  category: string;
  title: string;
  content: string;
  /** The owner's keywords for the item, often in the customers' other languages ("returns", "devoluciones"). */
  tags?: string[];
  priority: number;
}

/** A catalogue product as catalogue-service's search gives it to the agent. */
export type AgentProduct = ProductSearchHit;

export interface MessageAnalysis {
  intent: Intent;
  urgency: UrgencyLevel;
  lead_potential: LeadPotential;
}

/** The structured answer every provider returns (validated before use). */
export interface AgentReply {
  response: string;
  analysis: MessageAnalysis;
  /** The language the reply is written in (the customer's). */
  language: Language;
  /**
   * Nothing the owner taught (knowledge, business facts, products) answers the question: the reply says so and
   * offers the contact or a person, and the inbound message is marked for the owner.
   */
  needsHuman: boolean;
  /** Why a person is needed (with needsHuman): stored with the reply for the team. */
  needsHumanReason?: HandOffReason;
}

/**
 * Why the agent hands a conversation to a person: nothing it knows answers (`unknown`), the customer asked for a
 * person, the customer complains, or the reply would have given away a private note.
 */
export type HandOffReason = 'unknown' | 'asked_for_person' | 'complaint' | 'private_note';

export interface AgentProvider {
  readonly name: 'local' | 'openai';
  /** Answers one customer message. Customer text is data, never instructions. */
  reply(message: string, context: AgentContext, signal?: AbortSignal): Promise<AgentReply>;
}

/** Thrown by a provider for a failure worth retrying (timeout, 429, 5xx); `retryAfterMs` when the server said. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
