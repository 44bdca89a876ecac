import { CUSTOMER_STAGES, LEAD_POTENTIALS } from '@parley/contracts';
import { customerInterest, opensLead, POTENTIAL_RANK, stageAfterReply, stageMoves } from './reply-rules';

describe('stageAfterReply', () => {
  it.each([
    ['new', 'low', 'new'],
    ['new', 'medium', 'interested'],
    ['new', 'high', 'qualified'],
    ['interested', 'medium', 'interested'],
    ['interested', 'high', 'qualified'],
    ['qualified', 'medium', 'qualified'],
    ['qualified', 'low', 'qualified'],
    ['follow-up', 'high', 'follow-up'],
    ['converted', 'high', 'converted'],
  ] as const)('moves a %s customer with %s lead potential to %s (forward only)', (stage, potential, next) => {
    expect(stageAfterReply(stage, potential)).toBe(next);
  });
});

describe('stageMoves', () => {
  it('is stageAfterReply as a table by potential rank, listing only the stages that move', () => {
    expect(stageMoves()).toEqual({
      0: {},
      1: { new: 'interested' },
      2: { new: 'qualified', interested: 'qualified' },
    });
    for (const potential of LEAD_POTENTIALS)
      for (const stage of CUSTOMER_STAGES)
        expect(stageMoves()[POTENTIAL_RANK[potential]][stage] ?? stage).toBe(
          stageAfterReply(stage, potential),
        );
  });
});

describe('opensLead', () => {
  it('opens a lead for high lead potential only', () => {
    expect(LEAD_POTENTIALS.filter(opensLead)).toEqual(['high']);
  });
});

describe('customerInterest', () => {
  it('takes the intent in words, and leaves the interest alone for small talk', () => {
    expect(customerInterest('purchase_intent')).toBe('purchase intent');
    expect(customerInterest('pricing')).toBe('pricing');
    expect(customerInterest('greeting')).toBeNull();
    expect(customerInterest('other')).toBeNull();
  });
});

describe('POTENTIAL_RANK', () => {
  it('orders the potentials so that a customer keeps the highest of a batch', () => {
    expect(LEAD_POTENTIALS.map((p) => POTENTIAL_RANK[p])).toEqual([0, 1, 2]);
  });
});
