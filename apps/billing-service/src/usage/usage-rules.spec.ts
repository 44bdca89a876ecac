import { type PackageId, usageSummary } from '@parley/contracts';
import { countCalls, distinctCalls } from './usage-rules';
import type { Meter } from './usage.queries';

const periodStart = new Date('2026-12-01T00:00:00Z');
const periodEnd = new Date('2027-01-01T00:00:00Z');
const meter = (ownerId: string, used: number, limit: number | null, warningLevel = 0): Meter => ({
  ownerId,
  currentPackage: 'free',
  apiCallsUsed: used,
  apiCallsLimit: limit,
  warningLevel,
  refillCalls: 0,
  periodStart,
  periodEnd,
});
/** The usage a call is answered with, in the meter's period. */
const answer = (used: number, limit: number | null, pkg: PackageId = 'free') => ({
  ...usageSummary(used, limit, pkg),
  periodStart: periodStart.toISOString(),
  periodEnd: periodEnd.toISOString(),
  refillCalls: 0,
});
const metersOf = (...meters: Meter[]) => new Map(meters.map((m) => [m.ownerId, m]));

describe('distinctCalls', () => {
  it('keeps each owner and key once, in the order they first came', () => {
    expect(
      distinctCalls([
        { ownerId: 'a', key: '1' },
        { ownerId: 'b', key: '1' },
        { ownerId: 'a', key: '1' },
        { ownerId: 'a', key: '2' },
      ]),
    ).toEqual([
      { ownerId: 'a', key: '1' },
      { ownerId: 'b', key: '1' },
      { ownerId: 'a', key: '2' },
    ]);
  });
});

describe('countCalls', () => {
  it('counts the recorded calls in order until the limit and refuses the rest', () => {
    const calls = [1, 2, 3].map((n) => ({ ownerId: 'a', key: `k${n}` }));
    const counted = countCalls(calls, metersOf(meter('a', 8, 10)), calls);
    expect(counted.outcomes).toEqual([answer(9, 10, 'free'), answer(10, 10, 'free'), 'exceeded']);
    expect(counted.refused).toEqual([{ ownerId: 'a', key: 'k3' }]);
    expect(counted.changes).toEqual([{ ownerId: 'a', apiCallsUsed: 10, warningLevel: 3 }]);
  });

  it('answers a call counted before, or twice in the batch, with the usage after the batch, counting it once', () => {
    const calls = [
      { ownerId: 'a', key: 'old' },
      { ownerId: 'a', key: 'new' },
      { ownerId: 'a', key: 'new' },
    ];
    const counted = countCalls(calls, metersOf(meter('a', 3, 50)), [{ ownerId: 'a', key: 'new' }]);
    const after = answer(4, 50, 'free');
    expect(counted.outcomes).toEqual([after, after, after]);
    expect(counted.refused).toEqual([]);
    expect(counted.changes).toEqual([{ ownerId: 'a', apiCallsUsed: 4, warningLevel: 0 }]);
  });

  it('changes no meter when nothing new was recorded', () => {
    const calls = [{ ownerId: 'a', key: 'old' }];
    const counted = countCalls(calls, metersOf(meter('a', 50, 50, 3)), []);
    expect(counted).toEqual({
      outcomes: [answer(50, 50, 'free')],
      refused: [],
      changes: [],
      warnings: [],
    });
  });

  it("keeps owners apart: one owner's limit refuses nothing of another's", () => {
    const calls = [
      { ownerId: 'full', key: 'x' },
      { ownerId: 'free', key: 'x' },
    ];
    const counted = countCalls(calls, metersOf(meter('full', 5, 5, 3), meter('free', 0, 5)), calls);
    expect(counted.outcomes).toEqual(['exceeded', answer(1, 5, 'free')]);
    expect(counted.refused).toEqual([{ ownerId: 'full', key: 'x' }]);
    expect(counted.changes).toEqual([{ ownerId: 'free', apiCallsUsed: 1, warningLevel: 0 }]);
  });

  it('announces a warning level once, when the batch reaches one above the stored level', () => {
    const calls = [1, 2].map((n) => ({ ownerId: 'a', key: `k${n}` }));
    // 39 → 41 of 50 crosses 80 % (level 1); the stored level is 0.
    const rising = countCalls(calls, metersOf(meter('a', 39, 50)), calls);
    expect(rising.warnings).toEqual([{ ownerId: 'a', level: 1, usage: answer(41, 50, 'free') }]);
    // Already warned at level 1: no announcement again.
    const steady = countCalls(calls, metersOf(meter('a', 39, 50, 1)), calls);
    expect(steady.warnings).toEqual([]);
    expect(steady.changes).toEqual([{ ownerId: 'a', apiCallsUsed: 41, warningLevel: 1 }]);
  });

  it('never refuses a call on an unlimited meter, nor warns', () => {
    const calls = [1, 2].map((n) => ({ ownerId: 'a', key: `k${n}` }));
    const counted = countCalls(calls, metersOf(meter('a', 100_000, null)), calls);
    expect(counted.outcomes).toEqual([answer(100_001, null), answer(100_002, null)]);
    expect(counted.refused).toEqual([]);
    expect(counted.warnings).toEqual([]);
  });

  it('does not change the meters it was given', () => {
    const locked = meter('a', 1, 50);
    countCalls([{ ownerId: 'a', key: 'k' }], metersOf(locked), [{ ownerId: 'a', key: 'k' }]);
    expect(locked.apiCallsUsed).toBe(1);
  });
});
