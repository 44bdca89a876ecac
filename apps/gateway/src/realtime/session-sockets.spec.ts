import { SESSION_ENDED_CLOSE_CODE as SESSION_ENDED_CODE } from '@parley/contracts';
import { SESSION_ENDED_REASON, SessionSockets } from './session-sockets';

const DAY_MS = 24 * 60 * 60 * 1000;

function socket() {
  return { close: jest.fn<void, [number, string]>() };
}

describe('SessionSockets', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-01T12:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('closes every socket of an ended session with 4401, and only those', () => {
    const sockets = new SessionSockets();
    const [a1, a2, b] = [socket(), socket(), socket()];
    expect(sockets.add('a', a1)).toBe(true);
    expect(sockets.add('a', a2)).toBe(false);
    expect(sockets.add('b', b)).toBe(true);

    sockets.end(['a', 'unknown']);

    expect(a1.close).toHaveBeenCalledWith(SESSION_ENDED_CODE, SESSION_ENDED_REASON);
    expect(a2.close).toHaveBeenCalledWith(4401, 'Session ended');
    expect(b.close).not.toHaveBeenCalled();
    expect(sockets.tokenHashes()).toEqual(['b']);
    // A socket of the same session opened afterwards is new again (the hub checks it).
    expect(sockets.add('a', socket())).toBe(true);
  });

  it('closes the sockets when the absolute expiry passes, not before, and tells onExpired', () => {
    const onExpired = jest.fn();
    const sockets = new SessionSockets(onExpired);
    const ws = socket();
    sockets.add('a', ws);
    sockets.expireAt('a', Date.now() + 10_000);

    jest.advanceTimersByTime(9_999);
    expect(ws.close).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(ws.close).toHaveBeenCalledWith(SESSION_ENDED_CODE, SESSION_ENDED_REASON);
    expect(onExpired).toHaveBeenCalledWith('a');
    expect(sockets.tokenHashes()).toEqual([]);
  });

  it("waits out an expiry longer than setTimeout's limit (a fresh 30-day session)", () => {
    const sockets = new SessionSockets();
    const ws = socket();
    sockets.add('a', ws);
    sockets.expireAt('a', Date.now() + 30 * DAY_MS);

    jest.advanceTimersByTime(30 * DAY_MS - 1);
    expect(ws.close).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(ws.close).toHaveBeenCalledTimes(1);
  });

  it('closes at once for an expiry already past', () => {
    const onExpired = jest.fn();
    const sockets = new SessionSockets(onExpired);
    const ws = socket();
    sockets.add('a', ws);
    sockets.expireAt('a', Date.now() - 1);
    expect(ws.close).toHaveBeenCalledWith(SESSION_ENDED_CODE, SESSION_ENDED_REASON);
    expect(onExpired).toHaveBeenCalledWith('a');
  });

  it('keeps one timer per session when the expiry is told again', () => {
    const sockets = new SessionSockets();
    const ws = socket();
    sockets.add('a', ws);
    const expiresAt = Date.now() + 60_000;
    sockets.expireAt('a', expiresAt);
    jest.advanceTimersByTime(30_000);
    sockets.expireAt('a', expiresAt);
    expect(jest.getTimerCount()).toBe(1);
    jest.advanceTimersByTime(30_000);
    expect(ws.close).toHaveBeenCalledTimes(1);
  });

  it('forgets a session, and its timer, when its last socket closes', () => {
    const onExpired = jest.fn();
    const sockets = new SessionSockets(onExpired);
    const [first, second] = [socket(), socket()];
    sockets.add('a', first);
    sockets.add('a', second);
    sockets.expireAt('a', Date.now() + 1000);

    sockets.remove('a', first);
    expect(sockets.tokenHashes()).toEqual(['a']);
    sockets.remove('a', second);
    expect(sockets.tokenHashes()).toEqual([]);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(2000);
    expect(onExpired).not.toHaveBeenCalled();
    // Expiry told for a session with no socket here (an answer that arrived late) is ignored.
    sockets.expireAt('a', Date.now() + 1000);
    expect(jest.getTimerCount()).toBe(0);
  });
});
