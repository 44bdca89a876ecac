import {
  CUSTOMER_STAGES,
  type CustomerStage,
  type Intent,
  LEAD_POTENTIALS,
  type LeadPotential,
} from '@parley/contracts';

// What an AI reply changes for its customer, decided here in TypeScript; replies.queries.ts passes the
// decisions to its statement as parameters.

/** Lead potentials in order, so that a batch of replies to one customer keeps the highest. */
export const POTENTIAL_RANK: Record<LeadPotential, number> = { low: 0, medium: 1, high: 2 };

/** The customer's `interest` after a reply: the intent in words, or no change (null) for small talk. */
export function customerInterest(intent: Intent): string | null {
  return intent === 'greeting' || intent === 'other' ? null : intent.replace(/_/g, ' ');
}

/**
 * The stage after a reply. It moves forward only: medium lead potential takes a `new` customer to
 * `interested`, high takes `new` or `interested` to `qualified`; any other stage stays.
 */
export function stageAfterReply(stage: CustomerStage, potential: LeadPotential): CustomerStage {
  if (potential === 'high' && (stage === 'new' || stage === 'interested')) return 'qualified';
  if (potential === 'medium' && stage === 'new') return 'interested';
  return stage;
}

/** High lead potential opens a lead (one open lead per customer: a customer who has one keeps it). */
export function opensLead(potential: LeadPotential): boolean {
  return potential === 'high';
}

/**
 * stageAfterReply as a table for SQL, which applies it to the stage it reads under the row lock:
 * potential rank → stage → next stage, listing only the stages that move.
 */
export type StageMoves = Record<string, Partial<Record<CustomerStage, CustomerStage>>>;

export function stageMoves(): StageMoves {
  const moves: StageMoves = {};
  for (const potential of LEAD_POTENTIALS) {
    const byStage: Partial<Record<CustomerStage, CustomerStage>> = {};
    for (const stage of CUSTOMER_STAGES) {
      const next = stageAfterReply(stage, potential);
      if (next !== stage) byStage[stage] = next;
    }
    moves[POTENTIAL_RANK[potential]] = byStage;
  }
  return moves;
}
