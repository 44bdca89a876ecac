import type { MessageResponse } from '@parley/contracts';

/** The messages of one day of a thread, oldest first. `day` is that local day at midnight (ms). */
export interface ThreadDay {
  day: number;
  messages: MessageResponse[];
}

function localMidnight(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * A thread as the API lists it (newest first) turned oldest first and cut into the reader's local days,
 * for the day separators.
 */
export function threadDays(newestFirst: readonly MessageResponse[]): ThreadDay[] {
  const days: ThreadDay[] = [];
  for (const message of [...newestFirst].reverse()) {
    const day = localMidnight(Date.parse(message.timestamp));
    const last = days.at(-1);
    if (last?.day === day) last.messages.push(message);
    else days.push({ day, messages: [message] });
  }
  return days;
}

/** How a day separator names its day: today, yesterday, or the date. */
export function dayName(day: number, now: number): 'today' | 'yesterday' | 'date' {
  const today = localMidnight(now);
  if (day === today) return 'today';
  // The day before today's midnight (a day of 23 or 25 hours at a clock change included).
  if (day === localMidnight(today - 1)) return 'yesterday';
  return 'date';
}
