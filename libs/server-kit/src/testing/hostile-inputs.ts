/**
 * Inputs that once made a route answer 500 instead of 400: every route's tests run through them
 * (test/hostile-inputs.integration-spec.ts walks every gateway route), so a new route gets them for free.
 * Each must be refused with a 400 naming the field, and nothing stored.
 */

/**
 * Text values for any field: PostgreSQL refuses NUL; an unpaired surrogate has no UTF-8 form. `inUrl`:
 * the value can be sent in a query string (a URL carries UTF-8, so a surrogate arrives as U+FFFD).
 */
export const HOSTILE_TEXTS: readonly { name: string; value: string; inUrl: boolean }[] = [
  { name: 'a NUL byte', value: 'Ana\u0000Lopez', inUrl: true },
  { name: 'an unpaired high surrogate in an address', value: '\ud800@example.com', inUrl: false },
  { name: 'an unpaired low surrogate', value: 'Ana \udc00', inUrl: false },
];

/** Body keys that are not fields but name a built-in of every object. */
export const HOSTILE_KEYS: readonly string[] = ['constructor', 'toString', 'hasOwnProperty', '__proto__'];

const base64url = (text: string): string => Buffer.from(text).toString('base64url');

/** Values for a list's `cursor`: valid base64 of the wrong shape, and positions no row can have. */
export const HOSTILE_CURSORS: readonly { name: string; value: string }[] = [
  { name: 'base64 of an object', value: base64url('{"at":"2026-01-01T00:00:00Z"}') },
  { name: 'base64 of a number', value: base64url('42') },
  { name: 'an id of 36 dashes', value: base64url(JSON.stringify(['2026-01-01T00:00:00Z', '-'.repeat(36)])) },
  {
    name: 'a time PostgreSQL does not read',
    value: base64url(JSON.stringify(['1', '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c'])),
  },
  { name: 'not base64 at all', value: '%%%not-a-cursor%%%' },
];

/** Deeper than any request (the gateway refuses bodies nested more than 64 levels). */
export function deeplyNested(levels: number): string {
  return `{"email":${'['.repeat(levels)}${']'.repeat(levels)},"password":"x"}`;
}
