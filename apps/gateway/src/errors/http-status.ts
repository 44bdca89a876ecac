import { ErrorCode } from '@parley/contracts';

/** The one place a domain error code becomes an HTTP status. Exhaustive: a new code fails the lint. */
export function httpStatusOf(code: ErrorCode): number {
  switch (code) {
    case ErrorCode.ValidationFailed:
      return 400;
    case ErrorCode.Unauthenticated:
      return 401;
    case ErrorCode.Forbidden:
      return 403;
    case ErrorCode.NotFound:
      return 404;
    case ErrorCode.Conflict:
      return 409;
    case ErrorCode.RateLimited:
    case ErrorCode.QuotaExceeded:
      return 429;
    case ErrorCode.Internal:
      return 500;
    case ErrorCode.ServiceUnavailable:
      return 503;
    case ErrorCode.Timeout:
      return 504;
  }
}
