import type { Platform, ResponseStyle } from '@parley/contracts';
import {
  type AgentContext,
  type AgentKnowledgeItem,
  type AgentProduct,
  checkKnowledge,
  priceSentences,
  privateNotesOf,
  publicSentences,
} from '@parley/agent';
import type { AiConfigRow } from '../ai-config/ai-config.mapper';
import type { CatalogueClient } from '../catalogue/catalogue.client';

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
      currency: config.currency,
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

/** Sentences stating a price checked per reply, the most relevant passages' first (each costs a catalogue search). */
const MAX_PRICE_SENTENCES = 8;

/**
 * The retrieved knowledge checked against the catalogue (knowledge-claims.ts), before any provider sees it: a
 * sentence giving a catalogue product a price or stock the catalogue disagrees with goes, and so do the codes of a
 * passage with such a price. The products are those the message is about and, for sentences stating a price, those
 * the sentence names: one more catalogue search per such sentence (at most {@link MAX_PRICE_SENTENCES}, in parallel;
 * none when no passage states a price). A search per sentence, not per passage, because a price list's passage
 * names more products than one search returns, and a product missing from the check makes its neighbour's price
 * look wrong ("Rolls ($6) and buns ($7)" read as a roll at $7), which would take a true sentence out.
 */
export async function checkedKnowledge(
  catalogue: CatalogueClient,
  ownerId: string,
  knowledge: AgentKnowledgeItem[],
  products: AgentProduct[],
): Promise<AgentKnowledgeItem[]> {
  const pricing = knowledge.flatMap((item) => priceSentences(item.content)).slice(0, MAX_PRICE_SENTENCES);
  const named = pricing.length === 0 ? [] : await catalogue.productsNamedIn(ownerId, pricing);
  return checkKnowledge(knowledge, [...products, ...named]);
}
