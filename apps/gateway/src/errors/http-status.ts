import { ErrorCode } from '@parley/contracts';

/** The one place a domain error code becomes an HTTP status. Exhaustive: a new code fails the lint. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.ValidationFailed:
    case ErrorCode.SetupRequired:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.PayloadTooLarge:
      return 413;
    case ErrorCode.UnsupportedMediaType:
      return 415;
    case ErrorCode.RateLimited:
    case ErrorCode.QuotaExceeded:
      return 429;
    case ErrorCode.Internal:
    case ErrorCode.AnswerTooLarge: // the service's fault, not the caller's (after Internal: a bare 500 stays INTERNAL)
      return 500;
    case ErrorCode.ServiceUnavailable:
      return 503;
    case ErrorCode.Timeout:
      return 504;
  }
}

/** The code of an error the framework raised with only a status (413, 415, …). */
export function codeOfStatus(status: number): ErrorCode {
  const code = Object.values(ErrorCode).find((c) => httpStatusOf(c) === status);
  return code ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
}
