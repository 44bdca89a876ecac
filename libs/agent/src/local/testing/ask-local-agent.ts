import type { AgentContext, AgentKnowledgeItem, AgentProduct } from '../../agent-provider';
import { LocalAgentProvider } from '../local-provider';

/** A knowledge item as the owner would type it (priority 3 unless given). */
export function knowledgeItem(
  title: string,
  content: string,
  category = 'faqs',
  priority = 3,
): AgentKnowledgeItem {
  return { category, title, content, priority };
}

/**
 * For the local agent's specs of one invented business: `ask(message, overrides)` answers as a first message from a
 * WhatsApp customer with no name, in the friendly style, unless `overrides` say otherwise.
 */
export function localAgentOf(business: {
  company: AgentContext['company'];
  knowledge: AgentKnowledgeItem[];
  products: AgentProduct[];
}) {
  const provider = new LocalAgentProvider();
  return (message: string, overrides: Partial<AgentContext> = {}) =>
    provider.reply(message, {
      ...business,
      responseStyle: 'friendly',
      customer: { name: null, platform: 'whatsapp' },
      history: [],
      ...overrides,
    });
}
