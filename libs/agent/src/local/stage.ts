import type { CustomerStage, LeadPotential } from '@parley/contracts';
import { evidenceIn, MAX_EVIDENCE_CHARS, type MessageAnalysis, type SuggestedStage } from '../agent-provider';
import { termsOf } from './retrieve';

/** The stage a lead potential points to, as the reply rules move a customer (none for a low one). */
const STAGE_OF: Record<LeadPotential, CustomerStage | null> = {
  high: 'qualified',
  medium: 'interested',
  low: null,
};

/** The sentence of a message with the most meaningful words (the first of equals), cut at a word to the quote limit. */
function tellingSentence(message: string): string {
  const sentences = message
    .split(/(?<=[.!?؟\n])\s+/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  let best = '';
  let bestTerms = -1;
  for (const sentence of sentences) {
    const count = termsOf(sentence).length;
    if (count > bestTerms) [best, bestTerms] = [sentence, count];
  }
  if (best.length <= MAX_EVIDENCE_CHARS) return best;
  const cut = best.slice(0, MAX_EVIDENCE_CHARS);
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

/**
 * The local agent's stage suggestion: the stage its lead potential points to, with the sentence of the message that
 * says most as the evidence. None for a low lead potential.
 */
export function suggestStage(message: string, analysis: MessageAnalysis): SuggestedStage | undefined {
  const stage = STAGE_OF[analysis.lead_potential];
  if (stage === null) return undefined;
  const evidence = evidenceIn(message, tellingSentence(message));
  return evidence === undefined ? undefined : { stage, evidence };
}
