import { isOneOf } from '../../enums/one-of';

/** How likely a conversation is to become a sale (part of the agent's message analysis); `high` creates a lead. */
export const LEAD_POTENTIALS = ['low', 'medium', 'high'] as const;

export type LeadPotential = (typeof LEAD_POTENTIALS)[number];

export function isLeadPotential(value: unknown): value is LeadPotential {
  return isOneOf(LEAD_POTENTIALS, value);
}
