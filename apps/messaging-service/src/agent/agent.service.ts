import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type TestAgentDto,
  type TestAgentResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { AiConfigQueries } from '../ai-config/ai-config.queries';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { MessagingConfig } from '../config/messaging.config';
import { KnowledgeQueries } from '../knowledge/knowledge.queries';
import { agentContext, checkedKnowledge, ownerPrivateNotes } from '../replies/agent-context';
import { type AgentProvider, ProviderError } from './agent-provider';
import { AGENT_PROVIDER } from './agent.tokens';
import { checkReply } from './private-notes';

export const SETUP_REQUIRED = 'Please complete your business setup before testing the AI agent.';

/**
 * The test chat: the agent answers as it would a customer (with the catalogue products and knowledge items the
 * message is about, and the same checks of its reply), one API call is counted, and the conversation itself is not
 * stored: only that the owner tested the agent (the setup checklist's step).
 */
@Injectable()
export class AgentService {
  constructor(
    private readonly aiConfig: AiConfigQueries,
    private readonly services: ServiceClient,
    private readonly catalogue: CatalogueClient,
    private readonly knowledge: KnowledgeQueries,
    private readonly config: MessagingConfig,
    @Inject(AGENT_PROVIDER) private readonly agent: AgentProvider,
  ) {}

  async test(ownerId: string, dto: TestAgentDto): Promise<TestAgentResponse> {
    const config = await this.aiConfig.row(ownerId);
    if (!config.setup_completed) throw new DomainException(ErrorCode.SetupRequired, SETUP_REQUIRED);
    const [, products, knowledge] = await Promise.all([
      this.services.send(
        USAGE_SUBJECTS.consume,
        { key: `test:${randomUUID()}` },
        { actor: { userId: ownerId } },
      ),
      this.catalogue.productsFor(ownerId, dto.message, []),
      this.knowledge.retrieve(ownerId, dto.message),
    ]);
    const checked = await checkedKnowledge(this.catalogue, ownerId, knowledge, products);
    const context = agentContext(config, { name: null, platform: 'test' }, [], products, checked);
    try {
      const reply = checkReply(
        await this.agent.reply(dto.message, context, AbortSignal.timeout(this.config.AGENT_TIMEOUT_MS)),
        context,
        ownerPrivateNotes(config),
      );
      await this.aiConfig.markAgentTested(ownerId);
      return { response: reply.response, analysis: reply.analysis };
    } catch (error) {
      if (error instanceof ProviderError) {
        throw new DomainException(
          ErrorCode.ServiceUnavailable,
          'The AI agent is unavailable right now. Please try again.',
        );
      }
      throw error;
    }
  }
}
