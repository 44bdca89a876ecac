import type { MessageResponse } from '@parley/contracts';

/** Spec 000 §9: instagram IG, facebook FB, twitter TW; any other platform its first two letters in capitals. */
const PLATFORM_CODES: Record<string, string> = { instagram: 'IG', facebook: 'FB', twitter: 'TW' };

export function platformCode(platform: string): string {
  return PLATFORM_CODES[platform] ?? platform.slice(0, 2).toUpperCase();
}

/** Spec 000 §4: Incoming, AI Response (outgoing and AI generated) or Manual Response. */
export type MessageLabel = 'incoming' | 'aiResponse' | 'manualResponse';

export function messageLabel(message: Pick<MessageResponse, 'direction' | 'aiGenerated'>): MessageLabel {
  if (message.direction === 'incoming') return 'incoming';
  return message.aiGenerated ? 'aiResponse' : 'manualResponse';
}

/** The Respond button: a customer message still waiting for an answer. */
export function awaitsReply(message: Pick<MessageResponse, 'direction' | 'status'>): boolean {
  return message.direction === 'incoming' && message.status === 'pending';
}

export type RelativeTime =
  { unit: 'justNow' } | { unit: 'minutes' | 'hours' | 'days'; count: number } | { unit: 'unknown' };

const MINUTE_MS = 60_000;

/**
 * Spec 000 §9: under 1 minute 'Just now', under 60 minutes N minutes, under 1440 minutes N hours,
 * otherwise N days (each rounded down). No time, or one that is not a date: unknown. A time slightly
 * in the future (clocks differ) is 'Just now'.
 */
export function relativeTime(timestamp: string | null | undefined, now: number): RelativeTime {
  if (!timestamp) return { unit: 'unknown' };
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return { unit: 'unknown' };
  const minutes = Math.floor((now - at) / MINUTE_MS);
  if (minutes < 1) return { unit: 'justNow' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 1440) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / 1440) };
}
