import type { Platform, ResponseStyle } from '@parley/contracts';
import type { AgentContext, AgentKnowledgeItem, AgentProduct } from '../agent/agent-provider';
import { publicSentences } from '../agent/company-description';
import { privateNotesOf } from '../agent/private-notes';
import type { AiConfigRow } from '../ai-config/ai-config.mapper';

/**
 * The business as the agent sees it: its configuration (with the business facts: opening hours, address,
 * phone, email, website), the catalogue products the message is about (CatalogueClient) and the owner's
 * knowledge items it is about (KnowledgeQueries.retrieve). The description goes without the owner's notes (its public
 * sentences, one a line), and the private-notes field not at all: no provider ever gets them.
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
      description: publicSentences(config.company_description).join('\n'),
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

/** The owner's private notes in a configuration, for the reply check (private-notes.ts); never for a provider. */
export function ownerPrivateNotes(config: AiConfigRow): string[] {
  return privateNotesOf({ description: config.company_description, privateNotes: config.private_notes });
}
