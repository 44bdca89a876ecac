export {
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENAI_TIMEOUT_MS,
  OpenAiAgentProvider,
  type OpenAiProviderOptions,
  openAiOptionsFromEnv,
  parseRetryAfterMs,
} from './openai-provider';
export { AGENT_REPLY_JSON_SCHEMA, MAX_RESPONSE_LENGTH, validateAgentReply } from './schema';
