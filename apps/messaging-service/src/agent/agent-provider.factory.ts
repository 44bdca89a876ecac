import { type AgentProvider, LocalAgentProvider, OpenAiAgentProvider } from '@parley/agent';
import type { MessagingConfig } from '../config/messaging.config';

/** `openai` when OPENAI_API_KEY is set, else the offline `local` agent. */
export function createAgentProvider(config: MessagingConfig): AgentProvider {
  if (!config.OPENAI_API_KEY) return new LocalAgentProvider();
  return new OpenAiAgentProvider({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    timeoutMs: config.AGENT_TIMEOUT_MS,
  });
}
