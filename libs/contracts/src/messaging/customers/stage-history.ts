import type { CustomerStage } from './customer-stages';
import type { Intent } from '../agent/intents';
import type { LeadPotential } from '../agent/lead-potentials';

/**
 * Beyond the spec (issue 34, point 7): who moves customers between stages, and why. docs/reports.md, "Stage
 * history", has the rules.
 */

/** What the AI does with a stage its reading of a message points to: move the customer, or only suggest it. */
export const STAGE_MODES = ['move', 'suggest'] as const;
export type StageMode = (typeof STAGE_MODES)[number];

/** Who moved a customer: the AI, a person of the team, or an automation. */
export const STAGE_MOVERS = ['ai', 'person', 'automation'] as const;
export type StageMover = (typeof STAGE_MOVERS)[number];

/** Why the AI moved (or suggests moving) a customer: the message, the customer's words from it, and its reading. */
export interface StageEvidence {
  /** The customer's message; null when it is no longer stored. */
  messageId: string | null;
  /** The customer's own words, quoted from that message. */
  quote: string;
  intent: Intent | null;
  leadPotential: LeadPotential | null;
}

/** One stage change of a customer (GET /api/customers/{id}/stage-history), newest first. */
export interface StageChangeResponse {
  id: string;
  /** Null for the stage the customer was added at. */
  from: CustomerStage | null;
  to: CustomerStage;
  at: string;
  /** Null for changes recorded before who moved was kept. */
  by: StageMover | null;
  /** The person's user id, for a person's move. */
  userId: string | null;
  /** For the AI's moves, and a person's acceptance of an AI suggestion. */
  evidence: StageEvidence | null;
  /** When the move was undone (POST …/undo), else null. */
  undoneAt: string | null;
  /** An AI move not yet undone, with the customer still at its stage: the panel offers Undo. */
  undoable: boolean;
}

/** A stage the AI suggests for a customer (owners who chose `stageMode: 'suggest'`), until accepted or dismissed. */
export interface StageSuggestionResponse {
  customerId: string;
  customerName: string;
  /** The stage the customer was at when the AI suggested. */
  from: CustomerStage;
  stage: CustomerStage;
  at: string;
  evidence: StageEvidence;
}
