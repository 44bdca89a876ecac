import { DAY_MS, idleLimit, isLive, needsTouch, sessionExpiry, TOUCH_INTERVAL_MS } from './session-rules';
import { toSessionUser } from './sessions.mapper';

describe('session rules', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const idleDays = 7;
  const live = {
    revokedAt: null,
    expiresAt: new Date(now + DAY_MS),
    lastSeenAt: new Date(now - DAY_MS),
  };

  it('counts a session live until it is revoked, expires or stays idle past the limit', () => {
    expect(isLive(live, now, idleDays)).toBe(true);
    expect(isLive({ ...live, revokedAt: new Date(now - 1) }, now, idleDays)).toBe(false);
    expect(isLive({ ...live, expiresAt: new Date(now) }, now, idleDays)).toBe(false);
    expect(isLive({ ...live, lastSeenAt: new Date(now - idleDays * DAY_MS) }, now, idleDays)).toBe(false);
    expect(isLive({ ...live, lastSeenAt: new Date(now - idleDays * DAY_MS + 1) }, now, idleDays)).toBe(true);
  });

  it('puts the idle limit and the absolute expiry whole days from now', () => {
    expect(idleLimit(now, idleDays).toISOString()).toBe('2026-11-17T12:00:00.000Z');
    expect(sessionExpiry(now, 30).toISOString()).toBe('2026-12-24T12:00:00.000Z');
  });

  it('writes a use down at most once a minute', () => {
    expect(needsTouch(new Date(now - TOUCH_INTERVAL_MS), now)).toBe(false);
    expect(needsTouch(new Date(now - TOUCH_INTERVAL_MS - 1), now)).toBe(true);
  });
});

describe('toSessionUser', () => {
  const user = {
    id: 'u1',
    email: 'maria.g@example.com',
    emailVerified: true,
    createdAt: new Date('2026-11-01T08:30:00.123Z'),
  };

  it('names a user who set no name by the part of the email before @', () => {
    expect(toSessionUser(user)).toEqual({
      id: 'u1',
      email: 'maria.g@example.com',
      name: 'maria.g',
      emailVerified: true,
      createdAt: '2026-11-01T08:30:00.123Z',
    });
  });

  it('keeps the name the user set', () => {
    expect(toSessionUser({ ...user, name: 'María García' }).name).toBe('María García');
  });
});
