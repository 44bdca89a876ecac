import type { Platform, ResponseStyle } from '@parley/contracts';
import type { AgentContext } from '../agent/agent-provider';
import type { AiConfigRow } from '../ai-config/ai-config.mapper';

/** The business as the agent sees it. Knowledge and products join here once their services exist. */
export function agentContext(
  config: AiConfigRow,
  customer: { name: string | null; platform: Platform | 'test' },
  history: AgentContext['history'],
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
    knowledge: [],
    products: [],
    customer,
    history,
  };
}
