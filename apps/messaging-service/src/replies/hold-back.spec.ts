import { holdBack } from './reply.processor';

const now = new Date('2026-11-25T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 3_600_000;
const channel = { platform: 'facebook' as const, pageId: '20001', aiPausedUntil: null, needsPerson: false };

describe('holdBack', () => {
  it('lets the AI answer inside the 24 hours, and not a minute after', () => {
    expect(holdBack({ ...channel, lastInboundAt: ago(24 * HOUR - 60_000) }, now)).toBeUndefined();
    expect(holdBack({ ...channel, lastInboundAt: ago(24 * HOUR + 60_000) }, now)).toMatch(/window/);
  });

  it('holds back while a person has the conversation, and not after', () => {
    const paused = { ...channel, lastInboundAt: ago(HOUR) };
    expect(holdBack({ ...paused, aiPausedUntil: ago(-HOUR) }, now)).toMatch(/paused/);
    expect(holdBack({ ...paused, aiPausedUntil: ago(HOUR) }, now)).toBeUndefined();
  });

  it('holds back while the conversation waits for a person the agent handed it to', () => {
    expect(holdBack({ ...channel, pageId: null, lastInboundAt: ago(HOUR), needsPerson: true }, now)).toMatch(
      /handed to a person/,
    );
  });

  it('never holds back a simulated customer for the window: nothing is sent to them', () => {
    expect(holdBack({ ...channel, pageId: null, lastInboundAt: ago(30 * 24 * HOUR) }, now)).toBeUndefined();
  });
});
