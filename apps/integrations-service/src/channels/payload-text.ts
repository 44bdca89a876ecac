import { FIELD_LIMITS, type MessageAttachment } from '@parley/contracts';

/*
 * Reading providers' webhook payloads safely: every field is `unknown` until one of these says what it is.
 * Shared by the channels' normalisers (meta/, x/).
 */

/** The message's text, or its attachments' types in brackets (`[image]`, `[image] [video]`) when it has none. */
export function contentOf(said: string | undefined, attachments: MessageAttachment[]): string {
  if (said !== undefined) return clip(said, FIELD_LIMITS.messageContent);
  if (attachments.length === 0) return '[unsupported message]';
  return attachments.map((a) => `[${a.type}]`).join(' ');
}

/** Text as every layer can store it (no NUL, no lone surrogate), trimmed; undefined when blank. */
export function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const clean = value
    .replaceAll('\u0000', '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .trim();
  return clean === '' ? undefined : clean;
}

/** At most `max` characters, never ending in half a surrogate pair. */
export function clip(value: string, max: number): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** An id: providers write most as strings, a few (Meta's app_id) as numbers. */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  const id = text(value);
  return id !== undefined && id.length <= FIELD_LIMITS.username ? id : undefined;
}

export function linkOf(value: unknown): string | undefined {
  const url = text(value);
  return url !== undefined && url.length <= FIELD_LIMITS.url && /^https?:\/\//i.test(url) ? url : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
