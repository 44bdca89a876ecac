/**
 * A timestamptz as PostgreSQL sends it on Parley's connections, which run in time zone UTC with ISO
 * dates (see ormOptions): `2026-11-24 15:48:48.123456+00`, with 0 to 6 fractional digits.
 * Turning that text into ISO 8601 is string slicing; parsing it into a Date and formatting the Date
 * again was a measurable share of a list page's time (docs/performance.md, "Timestamps").
 */

/** As `Date#toISOString` gives it: `2026-11-24T15:48:48.123Z` (whole milliseconds, rounded down). */
export function isoTime(text: string): string {
  return iso(text, 3);
}

/** With every fractional digit PostgreSQL keeps, `2026-11-24T15:48:48.123456Z`: it reads this back exactly. */
export function isoTimeMicros(text: string): string {
  return iso(text, 6);
}

function iso(text: string, digits: number): string {
  if (!text.endsWith('+00')) throw new Error(`Expected a UTC timestamp from PostgreSQL, got "${text}"`);
  const fraction = text.slice(20, -3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(digits, '0').slice(0, digits)}Z`;
}
