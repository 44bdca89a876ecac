/** A period of an allowance; `end` null: it does not end (an unlimited plan). */
export interface Period {
  start: Date;
  end: Date | null;
}

/** A paid period: it always ends. */
export interface PaidPeriod extends Period {
  end: Date;
}

/** Free renews each calendar month (UTC): the month that holds `now`. */
export function calendarMonth(now: Date): PaidPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** A paid period whose subscription period is not known: a month from `start` (the 31st → the month's last day). */
export function monthFrom(start: Date): PaidPeriod {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + 1);
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
  return { start, end };
}
