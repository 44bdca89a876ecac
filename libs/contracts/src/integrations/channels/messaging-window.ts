import type { Platform } from '../../enums/platforms';

const HOUR_MS = 3_600_000;

/** Meta's standard messaging window: any message within 24 hours of the customer's last message. */
export const STANDARD_WINDOW_MS = 24 * HOUR_MS;

/** Messenger and Instagram: a human agent may still answer, tagged HUMAN_AGENT, up to 7 days after. */
export const HUMAN_AGENT_WINDOW_MS = 7 * 24 * HOUR_MS;

/** How long the AI stays paused after a person answers (in Parley or from the page's own inbox). */
export const AI_PAUSE_MS = 24 * HOUR_MS;

/**
 * What may be sent to a customer now:
 * - `open`: any message (the standard window).
 * - `human-agent`: only a message a person wrote, sent with the HUMAN_AGENT tag (Messenger, Instagram).
 * - `template-only`: only an approved template (WhatsApp outside the window).
 * - `closed`: nothing until the customer writes again.
 */
export type WindowState = 'open' | 'human-agent' | 'template-only' | 'closed';

export interface MessagingWindow {
  state: WindowState;
  /**
   * When the current state ends (open → closes, human-agent → ends), ISO; null when nothing is open, or
   * when the platform has no window (X: open, and it never closes).
   */
  until: string | null;
}

/** X has no messaging window: a customer who wrote may be answered at any time (`open`, until null). */
const ALWAYS_OPEN: MessagingWindow = { state: 'open', until: null };

/**
 * The platform's rules, given when the customer last wrote: Meta's windows, or X's none. Pure: the same on
 * both ends.
 */
export function messagingWindow(
  platform: Platform,
  lastInboundAt: Date | string | null,
  now: Date = new Date(),
): MessagingWindow {
  if (platform === 'twitter') return ALWAYS_OPEN;
  if (lastInboundAt === null)
    return { state: platform === 'whatsapp' ? 'template-only' : 'closed', until: null };
  const last = new Date(lastInboundAt).getTime();
  const age = now.getTime() - last;
  if (age < STANDARD_WINDOW_MS)
    return { state: 'open', until: new Date(last + STANDARD_WINDOW_MS).toISOString() };
  if (platform === 'whatsapp') return { state: 'template-only', until: null };
  if (age < HUMAN_AGENT_WINDOW_MS) {
    return { state: 'human-agent', until: new Date(last + HUMAN_AGENT_WINDOW_MS).toISOString() };
  }
  return { state: 'closed', until: null };
}

/**
 * Whether a message may go out now: the AI only while the window is open, a person also with the tag; an
 * approved WhatsApp template at any time (WhatsApp's window is only ever open or template-only).
 */
export function maySend(window: MessagingWindow, writtenBy: 'ai' | 'human', template = false): boolean {
  if (template) return window.state === 'open' || window.state === 'template-only';
  return window.state === 'open' || (window.state === 'human-agent' && writtenBy === 'human');
}

/** Why a send is refused, in plain words (English; the web translates by `state`). */
export function windowRefusal(platform: Platform, window: MessagingWindow): string {
  switch (window.state) {
    case 'human-agent':
      return 'The customer wrote more than 24 hours ago: only a person may answer now, until 7 days after their last message.';
    case 'template-only':
      return 'The customer wrote more than 24 hours ago: WhatsApp allows only an approved template message until they write again.';
    case 'closed':
      return `The customer wrote more than 7 days ago: ${platform === 'instagram' ? 'Instagram' : 'Messenger'} allows no message until they write again.`;
    case 'open':
      return '';
  }
}
