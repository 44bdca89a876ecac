import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type TestAgentDto,
  type TestAgentResponse,
  USAGE_SUBJECTS,
  workspaceActor,
} from '@parley/contracts';
import { isProviderRateLimit, ProviderError } from '@parley/agent';
import { ServiceClient } from '@parley/server-kit';
import { AiConfigQueries } from '../ai-config/ai-config.queries';
import { AgentAnswers } from './agent-answers';

export const SETUP_REQUIRED = 'Please complete your business setup before testing the AI agent.';

/**
 * The test chat: the agent answers as it would a customer (AgentAnswers, the same function as automatic replies),
 * one API call is counted, and the conversation itself is not
 * stored: only that the owner tested the agent (the setup checklist's step).
 */
@Injectable()
export class AgentService {
  constructor(
    private readonly aiConfig: AiConfigQueries,
    private readonly services: ServiceClient,
    private readonly answers: AgentAnswers,
  ) {}

  async test(ownerId: string, dto: TestAgentDto): Promise<TestAgentResponse> {
    const config = await this.aiConfig.row(ownerId);
    if (!config.setup_completed) throw new DomainException(ErrorCode.SetupRequired, SETUP_REQUIRED);
    const counted = this.services
      .send(USAGE_SUBJECTS.consume, { key: `test:${randomUUID()}` }, { actor: workspaceActor(ownerId) })
      .then(() => true);
    try {
      const reply = await this.answers.answer(
        ownerId,
        config,
        { message: dto.message, customer: { name: null, platform: 'test' }, history: [] },
        counted,
      );
      if (!reply) throw new Error('the test chat counts its call or fails');
      await this.aiConfig.markAgentTested(ownerId);
      return { response: reply.response, analysis: reply.analysis };
    } catch (error) {
      if (isProviderRateLimit(error)) {
        // The AI provider's own rate limit, not the owner's API calls (those answer QUOTA_EXCEEDED).
        const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000));
        throw new DomainException(
          ErrorCode.ServiceUnavailable,
          `The AI provider is busy right now. Please try again in ${seconds} s.`,
          { reason: 'provider_rate_limited', retryAfterSeconds: seconds },
        );
      }
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
