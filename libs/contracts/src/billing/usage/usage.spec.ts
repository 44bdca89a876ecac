import { usageSummary, usageWarningLevel } from './usage';

describe('usageWarningLevel', () => {
  it.each([
    [0, 50, 0],
    [39, 50, 0],
    [40, 50, 1],
    [44, 50, 1],
    [45, 50, 2],
    [49, 50, 2],
    [50, 50, 3],
    [51, 50, 3],
    [799, 1000, 0],
    [800, 1000, 1],
    [899, 1000, 1],
    [900, 1000, 2],
    [999, 1000, 2],
    [1000, 1000, 3],
    [0, 0, 3],
    [1, 3, 0],
    [3, 4, 0],
    [9, 10, 2],
    [123456, null, 0],
  ] as const)('used %d of %s → level %d', (used, limit, level) => {
    expect(usageWarningLevel(used, limit)).toBe(level);
  });
});

describe('usageSummary', () => {
  it('describes a fresh free account', () => {
    expect(usageSummary(0, 50, 'free')).toEqual({
      used: 0,
      limit: 50,
      remaining: 50,
      percentage: 0,
      warningLevel: 0,
      currentPackage: 'free',
    });
  });

  it('rounds the percentage down to one decimal, so it never overstates', () => {
    expect(usageSummary(1, 3, 'free').percentage).toBe(33.3);
    expect(usageSummary(2, 3, 'free').percentage).toBe(66.6);
    expect(usageSummary(999, 1000, 'pro').percentage).toBe(99.9);
    expect(usageSummary(57, 100, 'pro').percentage).toBe(57);
  });

  it('caps at 100 % and no remaining calls once exhausted', () => {
    expect(usageSummary(60, 50, 'basic')).toEqual({
      used: 60,
      limit: 50,
      remaining: 0,
      percentage: 100,
      warningLevel: 3,
      currentPackage: 'basic',
    });
    expect(usageSummary(0, 0, 'free')).toMatchObject({ remaining: 0, percentage: 100, warningLevel: 3 });
  });

  it('has no limit, nothing remaining to count and no warning on an unlimited package', () => {
    expect(usageSummary(5000, null, 'unlimited')).toEqual({
      used: 5000,
      limit: null,
      remaining: null,
      percentage: 0,
      warningLevel: 0,
      currentPackage: 'unlimited',
    });
  });
});
