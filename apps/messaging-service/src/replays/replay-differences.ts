import type { ReplayAnswer, ReplayDifference } from '@parley/contracts';
import type { GuardedReply } from '@parley/agent';

/** A reply as a replay shows it. */
export function replayAnswer(reply: GuardedReply): ReplayAnswer {
  return { response: reply.response, analysis: reply.analysis, needsHuman: reply.needsHuman };
}

/** The reply says it does not know (nothing the owner taught answers it), rather than handing off for another reason. */
function admitsNotKnowing(reply: GuardedReply): boolean {
  return reply.needsHuman && reply.needsHumanReason === 'unknown';
}

/** Runs of white space are one space: a reply re-wrapped is not a changed answer. */
function words(text: string): string {
  return text.trim().replace(/\s+/gu, ' ');
}

/** How the draft's answer to one message differs from the live one's (REPLAY_DIFFERENCES). */
export function replayDifferences(live: GuardedReply, draft: GuardedReply): ReplayDifference[] {
  const differences: ReplayDifference[] = [];
  if (words(live.response) !== words(draft.response)) differences.push('answer_changed');
  const { intent, urgency, lead_potential } = live.analysis;
  if (
    intent !== draft.analysis.intent ||
    urgency !== draft.analysis.urgency ||
    lead_potential !== draft.analysis.lead_potential
  )
    differences.push('classification_changed');
  if (admitsNotKnowing(draft) && !admitsNotKnowing(live)) differences.push('now_unknown');
  if (draft.claimCheck && !live.claimCheck) differences.push('claim_failed');
  return differences;
}
