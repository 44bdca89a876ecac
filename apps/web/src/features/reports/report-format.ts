import {
  addDays,
  type CustomerPlatform,
  daysInRange,
  isCalendarDate,
  isCustomerPlatform,
  REPORT_MAX_DAYS,
  type ReportFigures,
} from '@parley/contracts';

/** The range presets of the date picker, in days ending today (both ends included). */
export const RANGE_PRESETS = [7, 30, 90] as const;
export const DEFAULT_RANGE_DAYS = 30;

/** Today as the browser's calendar date, `YYYY-MM-DD` (the owner's own day, not UTC's). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Today in an IANA time zone, `YYYY-MM-DD`: the owner's day when the reports count in their zone (the AI
 * configuration's `timeZone`; UTC until one is set, as the server counts).
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The last `days` days up to `today`, both included. */
export function lastDays(days: number, today: string): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/**
 * A calendar date as the reader writes it: "Jun 3" for a day or a week's first day, with the year when the range
 * spans more than one. Calendar dates are formatted in UTC so that no time zone moves them a day.
 */
export function periodLabeller(language: string, withYear: boolean): (date: string) => string {
  const format = new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  return (date) => format.format(new Date(`${date}T00:00:00Z`));
}

/** A whole calendar date in the reader's language ("Jun 3, 2026"). */
export function formatCalendarDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** Whether the series has nothing to draw: no conversation and no message in any period. */
export function isQuietSeries(periods: readonly ReportFigures[]): boolean {
  return periods.every((p) => p.conversationsStarted === 0 && p.messagesIn === 0 && p.messagesOut === 0);
}

/** How many tick labels the x axis shows at most: a phone fits about four dates, a desktop about ten. */
export function tickInterval(points: number, narrow: boolean): number {
  const most = narrow ? 4 : 10;
  return Math.max(0, Math.ceil(points / most) - 1);
}

export type Change =
  | { kind: 'none' }
  | { kind: 'same' }
  | { kind: 'up' | 'down'; amount: number; unit: 'percent' | 'points'; good: boolean | null };

/**
 * A figure against the previous period of the same length. Counts and times change by a percentage of the
 * previous figure (none when that was 0 or not measured); rates by percentage points. `better` says which way
 * is good ('up', 'down', or null when neither is).
 */
export function changeOf(
  current: number | null,
  previous: number | null,
  unit: 'percent' | 'points',
  better: 'up' | 'down' | null,
): Change {
  if (current === null || previous === null) return { kind: 'none' };
  if (current === previous) return { kind: 'same' };
  if (unit === 'percent' && previous === 0) return { kind: 'none' };
  const amount =
    unit === 'percent' ? (Math.abs(current - previous) / previous) * 100 : Math.abs(current - previous);
  const kind = current > previous ? 'up' : 'down';
  return { kind, amount, unit, good: better === null ? null : kind === better };
}

/** A report's range and channel as /reports takes them in its address. */
export interface ReportLink {
  from: string;
  to: string;
  platform?: CustomerPlatform;
}

/** /reports showing that range (and channel): where the dashboard's cards lead. */
export function reportsPath({ from, to, platform }: ReportLink): string {
  return `/reports?${new URLSearchParams({ from, to, ...(platform ? { platform } : {}) }).toString()}`;
}

/**
 * The range and channel an address asks for (`?from=&to=&platform=`), or null for each part it does not give
 * or gives wrong: a range must be two dates, `from` not after `to`, at most REPORT_MAX_DAYS days. (Its last day
 * may be after the browser's today: the owner's day, in their time zone, may already have begun.)
 */
export function reportLinkOf(params: URLSearchParams): {
  range: { from: string; to: string } | null;
  platform: CustomerPlatform | null;
} {
  const from = params.get('from');
  const to = params.get('to');
  const platform = params.get('platform');
  const validRange =
    isCalendarDate(from) && isCalendarDate(to) && from <= to && daysInRange(from, to) <= REPORT_MAX_DAYS;
  return {
    range: validRange ? { from, to } : null,
    platform: isCustomerPlatform(platform) ? platform : null,
  };
}
