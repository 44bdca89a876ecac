import { toStats } from './stats.service';

describe('toStats', () => {
  it('answers the conversion rate over customers with a lead, and the response time, one decimal each', () => {
    expect(
      toStats({
        totalMessages: 12,
        newLeads: 2,
        withLead: 3,
        convertedWithLead: 1,
        avgResponseSeconds: 12.345,
        needsHuman: 4,
      }),
    ).toEqual({
      totalMessages: 12,
      newLeads: 2,
      conversionRate: 33.3,
      avgResponseTime: 12.3,
      needsHumanCount: 4,
    });
  });

  it('answers 0, not a division by zero, for an owner with no leads and no answers', () => {
    expect(
      toStats({
        totalMessages: 0,
        newLeads: 0,
        withLead: 0,
        convertedWithLead: 0,
        avgResponseSeconds: null,
        needsHuman: 0,
      }),
    ).toEqual({ totalMessages: 0, newLeads: 0, conversionRate: 0, avgResponseTime: 0, needsHumanCount: 0 });
  });
});
