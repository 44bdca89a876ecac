import { maySend, messagingWindow, windowRefusal } from './messaging-window';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe("Meta's messaging window", () => {
  it.each([
    ['facebook', 23.99, 'open'],
    ['facebook', 24.01, 'human-agent'],
    ['instagram', 24 * 7 - 0.01, 'human-agent'],
    ['instagram', 24 * 7 + 0.01, 'closed'],
    ['whatsapp', 23.99, 'open'],
    ['whatsapp', 24.01, 'template-only'],
  ] as const)('%s, last message %d hours ago: %s', (platform, hours, state) => {
    expect(messagingWindow(platform, hoursAgo(hours), NOW).state).toBe(state);
  });

  it('says when the open window closes, and when the human-agent one ends', () => {
    expect(messagingWindow('facebook', hoursAgo(1), NOW).until).toBe('2026-11-26T11:00:00.000Z');
    expect(messagingWindow('facebook', hoursAgo(48), NOW).until).toBe('2026-11-30T12:00:00.000Z');
    expect(messagingWindow('whatsapp', hoursAgo(48), NOW).until).toBeNull();
  });

  it('never closes on X, which has no window', () => {
    expect(messagingWindow('twitter', hoursAgo(24 * 30), NOW)).toEqual({ state: 'open', until: null });
    expect(maySend(messagingWindow('twitter', hoursAgo(24 * 8), NOW), 'ai')).toBe(true);
  });

  it('is closed for a customer who never wrote', () => {
    expect(messagingWindow('facebook', null, NOW).state).toBe('closed');
    expect(messagingWindow('whatsapp', null, NOW).state).toBe('template-only');
  });

  it('lets the AI write only while the window is open, a person also with the tag', () => {
    const humanAgent = messagingWindow('facebook', hoursAgo(30), NOW);
    expect(maySend(humanAgent, 'ai')).toBe(false);
    expect(maySend(humanAgent, 'human')).toBe(true);
    expect(maySend(messagingWindow('whatsapp', hoursAgo(30), NOW), 'human')).toBe(false);
    expect(maySend(messagingWindow('instagram', hoursAgo(1), NOW), 'ai')).toBe(true);
  });

  it('lets an approved WhatsApp template out at any time, and nothing else outside the window', () => {
    for (const lastWrote of [hoursAgo(1), hoursAgo(30), hoursAgo(500), null]) {
      expect(maySend(messagingWindow('whatsapp', lastWrote, NOW), 'human', true)).toBe(true);
    }
    expect(maySend(messagingWindow('facebook', hoursAgo(30), NOW), 'human', true)).toBe(false);
  });

  it('explains a refusal in plain words', () => {
    expect(windowRefusal('whatsapp', messagingWindow('whatsapp', hoursAgo(30), NOW))).toMatch(
      /approved template/,
    );
    expect(windowRefusal('instagram', messagingWindow('instagram', hoursAgo(200), NOW))).toMatch(
      /Instagram allows no message/,
    );
  });
});
