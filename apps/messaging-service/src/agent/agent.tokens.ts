/** The configured AgentProvider (local unless OPENAI_API_KEY is set). */
export const AGENT_PROVIDER = Symbol('AGENT_PROVIDER');
