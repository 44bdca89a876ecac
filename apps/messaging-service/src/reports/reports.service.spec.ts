import { periodStarts } from './reports.service';
import { emptyCounts, indexPercentiles, percentOf, toFigures } from './report-figures';

describe('periodStarts', () => {
  it('gives every day of the range', () => {
    expect(periodStarts('2026-03-07', '2026-03-09', 'day')).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);
  });

  it('gives Mondays, the first week starting at `from`', () => {
    // 2026-03-04 is a Wednesday.
    expect(periodStarts('2026-03-04', '2026-03-23', 'week')).toEqual([
      '2026-03-04',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
    ]);
  });
});

describe('toFigures', () => {
  it('answers rates in percent with one decimal, null without conversations', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(0, 0)).toBeNull();
    const figures = toFigures(
      {
        ...emptyCounts('k'),
        conversationsStarted: 3,
        conversationsAiResolved: 2,
        messagesOutAi: 4,
        messagesOutAway: 1,
      },
      indexPercentiles([{ key: 'k', kind: 'first_ai', count: 3, p50Step: 8, p90Step: 34 }]),
    );
    expect(figures).toMatchObject({
      aiResolutionRate: 66.7,
      handoffRate: 0,
      messagesOut: 5,
      aiCalls: 4,
      firstResponseTime: {
        ai: { count: 3, median: 45, p90: 604_800 },
        person: { count: 0, median: null, p90: null },
      },
    });
  });
});
