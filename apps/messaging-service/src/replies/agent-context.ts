import type { Platform, ResponseStyle } from '@parley/contracts';
import type { AgentContext, AgentKnowledgeItem, AgentProduct } from '../agent/agent-provider';
import type { AiConfigRow } from '../ai-config/ai-config.mapper';

/**
 * The business as the agent sees it: its configuration (with the business facts: opening hours, address,
 * phone, email, website), the catalogue products the message is about (CatalogueClient) and the owner's
 * knowledge items it is about (KnowledgeQueries.retrieve).
 */
export function agentContext(
  config: AiConfigRow,
  customer: { name: string | null; platform: Platform | 'test' },
  history: AgentContext['history'],
  products: AgentProduct[],
  knowledge: AgentKnowledgeItem[],
): AgentContext {
  return {
    company: {
      name: config.company_name,
      description: config.company_description,
      address: config.address,
      phoneNumber: config.phone_number,
      email: config.email,
      website: config.website,
      googleMapsLocation: config.google_maps_location,
      openingHours: config.opening_hours,
    },
    responseStyle: config.response_style as ResponseStyle,
    knowledge,
    products,
    customer,
    history,
  };
}
