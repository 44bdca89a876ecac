import { clearedSessionCookie, readCookie, sessionCookie } from './cookies';

describe('session cookie', () => {
  it('reads one cookie among others, decoded', () => {
    expect(readCookie('a=1; parley_session=abc%2Ddef; b=2', 'parley_session')).toBe('abc-def');
    expect(readCookie('parley_sessionx=1', 'parley_session')).toBeUndefined();
    expect(readCookie(undefined, 'parley_session')).toBeUndefined();
    expect(readCookie('parley_session=%E0%A4%A', 'parley_session')).toBeUndefined();
  });

  it('is httpOnly and SameSite=Lax, Secure only when asked, with a Max-Age to the expiry', () => {
    const cookie = sessionCookie('tok', new Date(Date.now() + 3_600_000), false);
    expect(cookie).toMatch(/^parley_session=tok; Path=\/; Max-Age=(3599|3600); HttpOnly; SameSite=Lax$/);
    expect(sessionCookie('tok', new Date(Date.now() + 1000), true)).toMatch(/; Secure$/);
    expect(clearedSessionCookie(true)).toBe(
      'parley_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure',
    );
  });
});
