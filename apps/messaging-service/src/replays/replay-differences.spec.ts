import type { GuardedReply } from '@parley/agent';
import { replayDifferences } from './replay-differences';

const reply = (changes: Partial<GuardedReply> = {}): GuardedReply => ({
  response: 'We ship to Lisbon in 3 days.',
  analysis: { intent: 'product_inquiry', urgency: 'low', lead_potential: 'medium' },
  language: 'en',
  needsHuman: false,
  ...changes,
});

describe('replayDifferences', () => {
  it('finds none between two equal answers, nor when only the spacing differs', () => {
    expect(replayDifferences(reply(), reply())).toEqual([]);
    expect(replayDifferences(reply(), reply({ response: ' We ship to Lisbon\n in 3 days. ' }))).toEqual([]);
  });

  it('marks a changed answer and a changed classification', () => {
    const draft = reply({
      response: 'We ship to Lisbon in 5 days.',
      analysis: { intent: 'product_inquiry', urgency: 'high', lead_potential: 'medium' },
    });
    expect(replayDifferences(reply(), draft)).toEqual(['answer_changed', 'classification_changed']);
  });

  it('marks an answer that now says it does not know, but not one handed off for another reason', () => {
    const unknown = reply({
      response: 'I do not know; our team will reply.',
      needsHuman: true,
      needsHumanReason: 'unknown',
    });
    expect(replayDifferences(reply(), unknown)).toEqual(['answer_changed', 'now_unknown']);
    expect(replayDifferences(unknown, unknown)).toEqual([]);
    const complaint = reply({ needsHuman: true, needsHumanReason: 'complaint' });
    expect(replayDifferences(reply(), complaint)).toEqual([]);
  });

  it('marks a price the claim check took out of the draft answer only', () => {
    const checked = reply({ claimCheck: { unverifiedPrices: [12], falseStock: [] } });
    expect(replayDifferences(reply(), checked)).toEqual(['claim_failed']);
    expect(replayDifferences(checked, checked)).toEqual([]);
  });
});
