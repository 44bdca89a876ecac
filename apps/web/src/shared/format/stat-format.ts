/** "12.5%" from a percentage (0–100), in the reader's language. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}

export function formatCount(count: number, language: string): string {
  return new Intl.NumberFormat(language).format(count);
}

/** A duration given in seconds: "45s" under a minute, "2.5m" under an hour, otherwise "1.2h". */
export function formatDuration(seconds: number, language: string): string {
  const [value, unit] =
    seconds < 60 ? [seconds, 'second'] : seconds < 3600 ? [seconds / 60, 'minute'] : [seconds / 3600, 'hour'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'narrow',
    maximumFractionDigits: 1,
  }).format(value);
}
