import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DomainException, ErrorCode } from '@parley/contracts';

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;

/**
 * Checks Meta's X-Hub-Signature-256 (`sha256=<hex HMAC-SHA256 of the body's bytes under the app secret>`)
 * in constant time: missing → UNAUTHENTICATED (401), malformed or wrong → FORBIDDEN (403).
 */
export function checkMetaSignature(appSecret: string, body: string, header: string | undefined): void {
  if (header === undefined || header === '')
    throw new DomainException(ErrorCode.Unauthenticated, 'The X-Hub-Signature-256 header is missing');
  const given = SIGNATURE.exec(header);
  const expected = createHmac('sha256', appSecret).update(body, 'utf8').digest();
  // Both 32 bytes: a malformed header is compared against zeros, so it costs what a wrong one does.
  const actual = given ? Buffer.from(given[1], 'hex') : Buffer.alloc(expected.length);
  if (!timingSafeEqual(expected, actual) || !given)
    throw new DomainException(ErrorCode.Forbidden, 'The webhook signature does not match');
}

/** Whether Meta's verification request presented our verify token (compared as digests, in constant time). */
export function isVerifyToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(given));
}
