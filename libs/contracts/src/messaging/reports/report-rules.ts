/**
 * Rules of the reports (docs/reports.md) that the API, the service and the screens share.
 */

/** The longest range a report covers, in days (from and to included). */
export const REPORT_MAX_DAYS = 400;

export const REPORT_GRANULARITIES = ['day', 'week'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

/**
 * The response-time scale, in seconds (PostgreSQL's `report_time_scale()`, the same numbers). A time t is in
 * step k when RESPONSE_TIME_SCALE[k - 1] <= t < RESPONSE_TIME_SCALE[k] (step 0 below the first bound). A median
 * or p90 is answered as the upper end of the step that holds it: "under 30 s".
 */
export const RESPONSE_TIME_SCALE = [
  1, 2, 3, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 450, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200,
  10800, 14400, 21600, 28800, 43200, 64800, 86400, 172800, 259200, 432000, 604800,
] as const;

/** The step (0 … RESPONSE_TIME_SCALE.length) a response time of `seconds` falls in, as width_bucket counts it. */
export function responseTimeStep(seconds: number): number {
  let step = 0;
  while (step < RESPONSE_TIME_SCALE.length && RESPONSE_TIME_SCALE[step] <= seconds) step++;
  return step;
}

/** The upper end of a step, in seconds: what a percentile in that step is answered as (the last step: 7 days). */
export function responseTimeStepEnd(step: number): number {
  return RESPONSE_TIME_SCALE[Math.min(step, RESPONSE_TIME_SCALE.length - 1)];
}

/** A calendar date, `YYYY-MM-DD`, that exists. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d\d-\d\d$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (calendar dates). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `date` moved by `days` (calendar dates). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An IANA time zone name this runtime knows ("Europe/Madrid", "UTC"). */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
