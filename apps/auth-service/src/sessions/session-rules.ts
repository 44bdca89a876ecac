// When a session counts as live and when its use is written down, decided here in TypeScript;
// sessions.queries.ts takes the resulting times as parameters.

export const DAY_MS = 24 * 60 * 60 * 1000;

/** lastSeenAt is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60_000;

/** The times that decide whether a session is live. */
export interface SessionTimes {
  revokedAt?: Date | null;
  expiresAt: Date;
  lastSeenAt: Date;
}

/** A session last used at or before this time has reached its idle expiry. */
export function idleLimit(now: number, idleDays: number): Date {
  return new Date(now - idleDays * DAY_MS);
}

/** Live: not revoked, before its absolute expiry, and used after the idle limit. */
export function isLive(session: SessionTimes, now: number, idleDays: number): boolean {
  return (
    !session.revokedAt &&
    session.expiresAt.getTime() > now &&
    session.lastSeenAt.getTime() > idleLimit(now, idleDays).getTime()
  );
}

/** Whether a use now moves lastSeenAt forward (at most once per TOUCH_INTERVAL_MS). */
export function needsTouch(lastSeenAt: Date, now: number): boolean {
  return now - lastSeenAt.getTime() > TOUCH_INTERVAL_MS;
}

/** A new session's absolute expiry. */
export function sessionExpiry(now: number, maxDays: number): Date {
  return new Date(now + maxDays * DAY_MS);
}
