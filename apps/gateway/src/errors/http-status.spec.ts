import { ErrorCode } from '@parley/contracts';
import { codeOfStatus, httpStatusOf } from './http-status';

describe('httpStatusOf', () => {
  it.each([
    [ErrorCode.ValidationFailed, 400],
    [ErrorCode.SetupRequired, 400],
    [ErrorCode.Unauthenticated, 401],
    [ErrorCode.Forbidden, 403],
    [ErrorCode.NotFound, 404],
    [ErrorCode.Conflict, 409],
    [ErrorCode.PayloadTooLarge, 413],
    [ErrorCode.UnsupportedMediaType, 415],
    [ErrorCode.RateLimited, 429],
    [ErrorCode.QuotaExceeded, 429],
    [ErrorCode.Internal, 500],
    [ErrorCode.AnswerTooLarge, 500],
    [ErrorCode.ServiceUnavailable, 503],
    [ErrorCode.Timeout, 504],
  ])('%s → %i', (code, status) => {
    expect(httpStatusOf(code)).toBe(status);
  });

  it.each([
    [413, ErrorCode.PayloadTooLarge],
    [415, ErrorCode.UnsupportedMediaType],
    [404, ErrorCode.NotFound],
    [405, ErrorCode.ValidationFailed],
    [500, ErrorCode.Internal],
    [502, ErrorCode.Internal],
  ])('a framework error of status %i has the code %s', (status, code) => {
    expect(codeOfStatus(status)).toBe(code);
  });

  it('maps every code', () => {
    for (const code of Object.values(ErrorCode)) expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
  });
});
