import { createHmac } from 'node:crypto';
import { DomainException, ErrorCode } from '@parley/contracts';
import { checkXSignature, crcResponse } from './x-signature';

const SECRET = 'consumer-secret';
const BODY = '{"for_user_id":"1","direct_message_events":[]}';

function codeOf(run: () => void): ErrorCode | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof DomainException ? error.code : undefined;
  }
  return undefined;
}

describe("X's webhook security", () => {
  it('answers the CRC as X computes it: base64 HMAC-SHA256 of crc_token under the consumer secret', () => {
    const expected = createHmac('sha256', SECRET).update('challenge-123').digest('base64');
    expect(crcResponse(SECRET, 'challenge-123')).toEqual({ response_token: `sha256=${expected}` });
  });

  it('refuses a CRC without a token, naming crc_token', () => {
    expect(codeOf(() => crcResponse(SECRET, undefined))).toBe(ErrorCode.ValidationFailed);
    expect(codeOf(() => crcResponse(SECRET, 'x'.repeat(201)))).toBe(ErrorCode.ValidationFailed);
  });

  it('accepts the signature over the exact bytes', () => {
    const signature = `sha256=${createHmac('sha256', SECRET).update(BODY).digest('base64')}`;
    expect(() => checkXSignature(SECRET, BODY, signature)).not.toThrow();
  });

  it('is 401 without a signature and 403 with a wrong, malformed or other body’s one', () => {
    const other = `sha256=${createHmac('sha256', SECRET).update(`${BODY} `).digest('base64')}`;
    const wrongKey = `sha256=${createHmac('sha256', 'other').update(BODY).digest('base64')}`;
    expect(codeOf(() => checkXSignature(SECRET, BODY, undefined))).toBe(ErrorCode.Unauthenticated);
    expect(codeOf(() => checkXSignature(SECRET, BODY, ''))).toBe(ErrorCode.Unauthenticated);
    expect(codeOf(() => checkXSignature(SECRET, BODY, other))).toBe(ErrorCode.Forbidden);
    expect(codeOf(() => checkXSignature(SECRET, BODY, wrongKey))).toBe(ErrorCode.Forbidden);
    expect(codeOf(() => checkXSignature(SECRET, BODY, 'sha256=not-base64'))).toBe(ErrorCode.Forbidden);
  });
});
