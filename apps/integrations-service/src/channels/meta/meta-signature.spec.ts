import { DomainException, ErrorCode } from '@parley/contracts';
import { signMetaBody } from '../../testing/fake-meta/sign';
import { checkMetaSignature, isVerifyToken } from './meta-signature';

const SECRET = 'app-secret';
const BODY = '{"object":"page","entry":[{"id":"1","messaging":[{"message":{"text":"¿Hola? 😀"}}]}]}';

function codeOf(run: () => void): ErrorCode | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof DomainException) return error.code;
    throw error;
  }
}

describe('checkMetaSignature', () => {
  it("accepts Meta's signature over the body's UTF-8 bytes, in either hex case", () => {
    const signature = signMetaBody(SECRET, BODY);
    expect(codeOf(() => checkMetaSignature(SECRET, BODY, signature))).toBeUndefined();
    expect(
      codeOf(() => checkMetaSignature(SECRET, BODY, `sha256=${signature.slice(7).toUpperCase()}`)),
    ).toBeUndefined();
  });

  it('refuses a missing header as unauthenticated', () => {
    expect(codeOf(() => checkMetaSignature(SECRET, BODY, undefined))).toBe(ErrorCode.Unauthenticated);
    expect(codeOf(() => checkMetaSignature(SECRET, BODY, ''))).toBe(ErrorCode.Unauthenticated);
  });

  it('refuses a wrong or malformed signature as forbidden', () => {
    const signature = signMetaBody(SECRET, BODY);
    const wrong = [
      signMetaBody('another-secret', BODY),
      signMetaBody(SECRET, `${BODY} `),
      `sha1=${signature.slice(7)}`,
      signature.slice(0, -2),
      `${signature}00`,
      `sha256=${'0'.repeat(64)}`,
      'sha256=',
      signature.slice(7),
    ];
    for (const header of wrong)
      expect(codeOf(() => checkMetaSignature(SECRET, BODY, header))).toBe(ErrorCode.Forbidden);
  });
});

describe('isVerifyToken', () => {
  it('is true only for the very token', () => {
    expect(isVerifyToken('verify-me', 'verify-me')).toBe(true);
    for (const given of [undefined, '', 'verify-m', 'verify-me ', 'VERIFY-ME'])
      expect(isVerifyToken('verify-me', given)).toBe(false);
  });
});
