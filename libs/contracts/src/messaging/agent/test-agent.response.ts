import type { LeadPotential } from './lead-potentials';
import type { UrgencyLevel } from './urgency-levels';

/** The agent's reading of a customer message. `intent` is a short free label (e.g. `pricing`, `support`). */
export interface MessageAnalysis {
  intent: string;
  urgency: UrgencyLevel;
  lead_potential: LeadPotential;
}

/** POST /api/ai/test-agent. */
export interface TestAgentResponse {
  response: string;
  analysis: MessageAnalysis;
}
