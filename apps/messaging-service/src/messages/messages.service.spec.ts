import { platformsMatching, replyDelay } from './messages.service';

describe('platformsMatching', () => {
  it('names the platforms whose name holds the term, case-insensitively', () => {
    expect(platformsMatching('INSTA')).toEqual(['instagram']);
    expect(platformsMatching('shipping')).toEqual([]);
  });
});

describe('replyDelay', () => {
  it("waits the owner's response delay when they auto respond", () => {
    expect(replyDelay({ autoRespond: true, responseDelay: 0 })).toBe(0);
    expect(replyDelay({ autoRespond: true, responseDelay: 120 })).toBe(120);
  });

  it('schedules no reply when the owner turned auto respond off', () => {
    expect(replyDelay({ autoRespond: false, responseDelay: 30 })).toBeUndefined();
  });

  it('answers after 30 s for an owner who never saved an AI configuration', () => {
    expect(replyDelay({ autoRespond: null, responseDelay: null })).toBe(30);
  });
});
