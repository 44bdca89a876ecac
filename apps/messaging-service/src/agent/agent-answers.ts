import { Inject, Injectable } from '@nestjs/common';
import {
  type AgentContext,
  type AgentProvider,
  type AgentReply,
  analyseMessage,
  asksForPerson,
  checkReply,
  detectLanguage,
  FOLLOW_UP_DEPTH,
  followUpText,
  type GuardedReply,
  handOffText,
  withTopicWords,
} from '@parley/agent';
import type { AiConfigRow } from '../ai-config/ai-config.mapper';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { MessagingConfig } from '../config/messaging.config';
import { type KnowledgeDraft, KnowledgeQueries } from '../knowledge/knowledge.queries';
import { agentContext, checkedKnowledge, ownerPrivateNotes } from '../replies/agent-context';
import { AGENT_PROVIDER } from './agent.tokens';

/** Who is asking and what was said before: the customer of an automatic reply, or the owner in the test chat. */
export interface AnswerInput {
  message: string;
  customer: AgentContext['customer'] & { name: string | null };
  history: AgentContext['history'];
}

/**
 * The customer asked for a person: no provider is asked; the reply says a person will answer and how to reach the
 * business now (its phone and email), in the customer's language, and the conversation is handed to the team
 * (needsHuman, reason `asked_for_person`). Undefined otherwise.
 */
export function personRequested(message: string, context: AgentContext): AgentReply | undefined {
  const customerMessages = context.history.filter((m) => m.direction === 'incoming').map((m) => m.content);
  const language = detectLanguage(message, customerMessages);
  if (!asksForPerson(message, language)) return undefined;
  return {
    response: handOffText(language, context),
    analysis: { ...analyseMessage(message, language, false), lead_potential: 'low' },
    language,
    needsHuman: true,
    needsHumanReason: 'asked_for_person',
  };
}

/**
 * A person is needed whenever a reply says so, with its reason: nothing answered it (`unknown`), the customer
 * complains (`complaint`: a person makes it right), or a private note was withheld (`private_note`).
 */
export function withHandOffReason(reply: GuardedReply): GuardedReply {
  if (reply.privateNoteCheck?.withheld) return { ...reply, needsHuman: true, needsHumanReason: 'private_note' };
  if (reply.analysis.intent === 'complaint')
    return { ...reply, needsHuman: true, needsHumanReason: reply.needsHumanReason ?? 'complaint' };
  if (reply.needsHuman) return { ...reply, needsHumanReason: reply.needsHumanReason ?? 'unknown' };
  return reply;
}

/**
 * One answer to one customer message, for automatic replies (ReplyProcessor) and the test chat (AgentService)
 * alike: finds the catalogue products and knowledge passages the message is about (the passages by the message and
 * its topics' words in every language, so a Spanish question finds an English passage) while `counted` settles,
 * checks the passages against the catalogue, hands a request for a person to the team, otherwise asks the provider,
 * and checks the reply (claim check, private notes). Undefined when `counted` is false (the owner is at the limit).
 * A replay passes a draft configuration as `config` and its knowledge changes as `knowledgeDraft` (docs/agent.md).
 */
@Injectable()
export class AgentAnswers {
  constructor(
    private readonly catalogue: CatalogueClient,
    private readonly knowledge: KnowledgeQueries,
    private readonly config: MessagingConfig,
    @Inject(AGENT_PROVIDER) private readonly agent: AgentProvider,
  ) {}

  async answer(
    ownerId: string,
    config: AiConfigRow,
    { message, customer, history }: AnswerInput,
    counted: Promise<boolean>,
    knowledgeDraft?: KnowledgeDraft,
  ): Promise<GuardedReply | undefined> {
    const [isCounted, products, knowledge] = await Promise.all([
      counted,
      this.catalogue.productsFor(ownerId, message, history),
      this.knowledge.retrieve(
        ownerId,
        withTopicWords(followUpText(message, history, FOLLOW_UP_DEPTH)),
        knowledgeDraft,
      ),
    ]);
    if (!isCounted) return undefined;
    const checked = await checkedKnowledge(this.catalogue, ownerId, knowledge, products);
    const context = agentContext(config, customer, history, products, checked);
    const reply =
      personRequested(message, context) ??
      (await this.agent.reply(message, context, AbortSignal.timeout(this.config.AGENT_TIMEOUT_MS)));
    return withHandOffReason(checkReply(reply, context, ownerPrivateNotes(config)));
  }
}
