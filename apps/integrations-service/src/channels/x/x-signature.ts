import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainException, ErrorCode } from '@parley/contracts';

const SIGNATURE = /^sha256=([A-Za-z0-9+/]{43}=)$/;

/** X's CRC tokens are short; anything longer than this is not X's. */
const CRC_TOKEN_MAX = 200;

/** `sha256=` and the base64 HMAC-SHA256 of `text` under the consumer secret: X's CRC answer and its signatures. */
export function xDigest(consumerSecret: string, text: string): string {
  return `sha256=${createHmac('sha256', consumerSecret).update(text, 'utf8').digest('base64')}`;
}

/** The answer to X's CRC check (`GET ?crc_token=…`): `{ response_token }`, or VALIDATION_FAILED naming crc_token. */
export function crcResponse(
  consumerSecret: string,
  crcToken: string | undefined,
): { response_token: string } {
  if (crcToken === undefined || crcToken === '' || crcToken.length > CRC_TOKEN_MAX)
    throw new DomainException(ErrorCode.ValidationFailed, 'crc_token is missing or too long', {
      field: 'crc_token',
    });
  return { response_token: xDigest(consumerSecret, crcToken) };
}

/**
 * Checks X's x-twitter-webhooks-signature (`sha256=<base64 HMAC-SHA256 of the body's bytes under the
 * consumer secret>`) in constant time: missing → UNAUTHENTICATED (401), malformed or wrong → FORBIDDEN (403).
 */
export function checkXSignature(consumerSecret: string, body: string, header: string | undefined): void {
  if (header === undefined || header === '')
    throw new DomainException(
      ErrorCode.Unauthenticated,
      'The x-twitter-webhooks-signature header is missing',
    );
  const given = SIGNATURE.exec(header);
  const expected = createHmac('sha256', consumerSecret).update(body, 'utf8').digest();
  // Both 32 bytes: a malformed header is compared against zeros, so it costs what a wrong one does.
  const actual = given ? Buffer.from(given[1], 'base64') : Buffer.alloc(expected.length);
  if (!timingSafeEqual(expected, actual) || !given)
    throw new DomainException(ErrorCode.Forbidden, 'The webhook signature does not match');
}
