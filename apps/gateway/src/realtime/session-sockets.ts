import { SESSION_ENDED_CLOSE_CODE } from '@parley/contracts';

export const SESSION_ENDED_REASON = 'Session ended';

/** setTimeout's longest delay (about 24.8 days, less than a session's 30): later expiries are reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The part of a WebSocket this needs. */
export interface SessionSocket {
  close(code: number, reason: string): void;
}

interface Entry<S> {
  sockets: Set<S>;
  /** The session's absolute expiry (epoch ms), once auth-service has told it. */
  expiresAt?: number;
  timer?: NodeJS.Timeout;
}

/**
 * Which open sockets belong to which session (by token hash), so that they close the moment the
 * session ends: `end` when it is revoked, or a timer at its absolute expiry. Sessions are kept only
 * while they have a socket here.
 */
export class SessionSockets<S extends SessionSocket> {
  private readonly sessions = new Map<string, Entry<S>>();

  /** `onExpired` is told after a session's sockets were closed at its expiry. */
  constructor(private readonly onExpired: (tokenHash: string) => void = () => undefined) {}

  /** Adds a socket; true when it is the first of its session here (so its expiry is not known yet). */
  add(tokenHash: string, socket: S): boolean {
    const entry = this.sessions.get(tokenHash);
    if (entry) {
      entry.sockets.add(socket);
      return false;
    }
    this.sessions.set(tokenHash, { sockets: new Set([socket]) });
    return true;
  }

  /** A socket closed. Harmless for a session that already ended. */
  remove(tokenHash: string, socket: S): void {
    const entry = this.sessions.get(tokenHash);
    if (!entry?.sockets.delete(socket)) return;
    if (entry.sockets.size === 0) {
      clearTimeout(entry.timer);
      this.sessions.delete(tokenHash);
    }
  }

  /**
   * Closes every socket of these sessions. The session is dropped at once, not when its sockets report
   * closed: a socket of the same session opened meanwhile starts a new entry and is checked afresh.
   */
  end(tokenHashes: Iterable<string>): void {
    for (const tokenHash of tokenHashes) {
      const entry = this.sessions.get(tokenHash);
      if (!entry) continue;
      this.sessions.delete(tokenHash);
      clearTimeout(entry.timer);
      for (const socket of entry.sockets) socket.close(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON);
    }
  }

  /** The session ends at `expiresAt` (epoch ms): its sockets close then. Ignored for a session with no socket. */
  expireAt(tokenHash: string, expiresAt: number): void {
    const entry = this.sessions.get(tokenHash);
    if (!entry || (entry.expiresAt === expiresAt && entry.timer)) return;
    clearTimeout(entry.timer);
    entry.expiresAt = expiresAt;
    entry.timer = undefined;
    const wait = expiresAt - Date.now();
    if (wait <= 0) {
      this.end([tokenHash]);
      this.onExpired(tokenHash);
      return;
    }
    entry.timer = setTimeout(
      () => {
        entry.timer = undefined;
        this.expireAt(tokenHash, expiresAt);
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    // A session's expiry is no reason to keep the process alive.
    entry.timer.unref();
  }

  /** The sessions that have a socket here. */
  tokenHashes(): string[] {
    return [...this.sessions.keys()];
  }

  /** Stops every timer (shutdown); the sockets are closed by their owner. */
  clear(): void {
    for (const entry of this.sessions.values()) clearTimeout(entry.timer);
    this.sessions.clear();
  }
}
