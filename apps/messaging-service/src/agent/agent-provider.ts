import type {
  Intent,
  Language,
  LeadPotential,
  Platform,
  ResponseStyle,
  UrgencyLevel,
} from '@parley/contracts';

/** What the agent knows when it answers: the owner's business, never anything from another owner. */
export interface AgentContext {
  company: {
    name: string;
    description: string;
    address?: string | null;
    phoneNumber?: string | null;
    email?: string | null;
    website?: string | null;
    googleMapsLocation?: string | null;
    openingHours?: string | null;
  };
  responseStyle: ResponseStyle;
  /** Knowledge-base items, most relevant first (empty until the knowledge base exists). */
  knowledge: AgentKnowledgeItem[];
  /** Catalogue products, most relevant first (empty until the catalogue exists). */
  products: AgentProduct[];
  customer: { name?: string | null; platform: Platform | 'test' };
  /** Earlier messages of the conversation, oldest first (may be empty). */
  history: { direction: 'incoming' | 'outgoing'; content: string }[];
}

export interface AgentKnowledgeItem {
  category: string;
  title: string;
  content: string;
  priority: number;
}

export interface AgentProduct {
  name: string;
  description: string;
  price: number;
  category: string;
  inStock: boolean;
  features: string[];
}

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
}

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
