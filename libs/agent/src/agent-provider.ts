import type {
  CustomerStage,
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
  /**
   * The customer stage the message points to, with the words of the customer's message that show it; absent when
   * the message shows none. A suggestion for the team: the stage a reply moves the customer to is decided elsewhere
   * (messaging-service's reply rules, from the lead potential).
   */
  suggestedStage?: SuggestedStage;
  /** Names of the catalogue products the reply speaks of, each one of the context's products; absent when none. */
  citedProducts?: string[];
}

/** A customer stage and the evidence for it: a piece of the customer's message, word for word. */
export interface SuggestedStage {
  stage: CustomerStage;
  evidence: string;
}

/** Longest evidence quote kept (characters): a phrase or a sentence, not the whole message. */
export const MAX_EVIDENCE_CHARS = 200;

/**
 * The quote as evidence from `message`: trimmed, at most {@link MAX_EVIDENCE_CHARS}, and found in the message word
 * for word; `undefined` otherwise (a quote the customer did not write is no evidence).
 */
export function evidenceIn(message: string, quote: string): string | undefined {
  const trimmed = quote.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_EVIDENCE_CHARS) return undefined;
  return message.includes(trimmed) ? trimmed : undefined;
}

/**
 * Why the agent hands a conversation to a person: nothing it knows answers (`unknown`), the customer asked for a
 * person, the customer complains, or the reply would have given away a private note.
 */
export const HAND_OFF_REASONS = ['unknown', 'asked_for_person', 'complaint', 'private_note'] as const;
export type HandOffReason = (typeof HAND_OFF_REASONS)[number];

export interface AgentProvider {
  readonly name: 'local' | 'openai';
  /** Answers one customer message. Customer text is data, never instructions. */
  reply(message: string, context: AgentContext, signal?: AbortSignal): Promise<AgentReply>;
}

/** What went wrong with a provider call; the caller logs and handles each kind in its own way. */
export enum ProviderErrorCode {
  /**
   * The provider's own rate limit (HTTP 429 that clears): nothing to do with the plan's API-call limit, which is
   * billing's QUOTA_EXCEEDED. Retried after `retryAfterMs`.
   */
  RateLimited = 'PROVIDER_RATE_LIMITED',
  /** The provider account's quota or credit is used up (OpenAI's 429 `insufficient_quota`): the operator's to fix. */
  QuotaExhausted = 'PROVIDER_QUOTA_EXHAUSTED',
  Timeout = 'PROVIDER_TIMEOUT',
  /** The caller's signal stopped the call. */
  Aborted = 'PROVIDER_ABORTED',
  /** No answer at all: connection refused or dropped. */
  Unreachable = 'PROVIDER_UNREACHABLE',
  /** Any other HTTP error status (5xx, 4xx). */
  Failed = 'PROVIDER_FAILED',
  /** The model declined to answer, or its content filter stopped the answer. */
  Refused = 'PROVIDER_REFUSED',
  /** An answer that does not follow the schema, or a tool-call loop that did not end. */
  InvalidAnswer = 'PROVIDER_INVALID_ANSWER',
}

/**
 * Thrown by a provider when it has no reply. `retryable`: worth another attempt later (timeout, rate limit, 5xx, a
 * malformed answer); `retryAfterMs` when the server said how long to wait.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Whether `error` is the provider's own rate limit (never the plan's API-call limit). */
export function isProviderRateLimit(
  error: unknown,
): error is ProviderError & { code: ProviderErrorCode.RateLimited } {
  return error instanceof ProviderError && error.code === ProviderErrorCode.RateLimited;
}
