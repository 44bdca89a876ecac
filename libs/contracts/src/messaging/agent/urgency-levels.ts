import { isOneOf } from '../../enums/one-of';

/** How soon a customer message needs an answer (part of the agent's message analysis). */
export const URGENCY_LEVELS = ['low', 'medium', 'high'] as const;

export type UrgencyLevel = (typeof URGENCY_LEVELS)[number];

export function isUrgencyLevel(value: unknown): value is UrgencyLevel {
  return isOneOf(URGENCY_LEVELS, value);
}
