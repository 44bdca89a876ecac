import type { UrgencyLevel } from '../agent/urgency-levels';

/** Not part of a word before it: `urgently` and `URGENT!` match, `insurgent` does not. */
const HIGH = /(?<![\p{L}\p{N}])(?:urgent|عاجل)|!!!/iu;
const MEDIUM = /[?¿؟]|(?<![\p{L}\p{N}])(?:when|cu[aá]ndo|متى)(?![\p{L}\p{N}])/iu;

/**
 * The quick urgency heuristic of the messages list (spec 001 §4): `high` when the text says urgent
 * or contains `!!!`, `medium` when it asks a question or says "when", otherwise `low`.
 * Matching ignores case and also knows the Spanish and Arabic words and question marks.
 */
export function messageUrgency(content: string): UrgencyLevel {
  if (HIGH.test(content)) return 'high';
  if (MEDIUM.test(content)) return 'medium';
  return 'low';
}
