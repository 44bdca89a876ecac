/**
 * Domain error codes. Services throw them; the gateway maps each to one HTTP status
 * (apps/gateway/src/errors/http-status.ts). Adding a code breaks the gateway's exhaustive switch on purpose.
 */
export enum ErrorCode {
  ValidationFailed = 'VALIDATION_FAILED',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  /** The owner must finish the business setup first (the AI agent's test chat). */
  SetupRequired = 'SETUP_REQUIRED',
  PayloadTooLarge = 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType = 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited = 'RATE_LIMITED',
  QuotaExceeded = 'QUOTA_EXCEEDED',
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  Timeout = 'TIMEOUT',
  Internal = 'INTERNAL',
  /**
   * A service's answer was larger than the message broker carries (NATS's max_payload): refused whole,
   * never cut. Lists stop their pages short of that size, so this names a bug or an answer with no pages.
   */
  AnswerTooLarge = 'ANSWER_TOO_LARGE',
}

/** What crosses NATS when a request fails. `message` is safe to show a user; never a stack or SQL. */
export interface RpcErrorBody {
  code: ErrorCode;
  message: string;
  /**
   * Extra fields the HTTP answer carries beside `message` (e.g. `field`, `needsVerification`, and
   * `errors: [{ field, message }]` when several fields are bad).
   */
  details?: Record<string, string | number | boolean | { field: string; message: string }[]>;
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof message === 'string' && Object.values(ErrorCode).includes(code as ErrorCode);
}

/** The one exception type a service throws on purpose. */
export class DomainException extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: RpcErrorBody['details'],
  ) {
    super(message);
    this.name = 'DomainException';
  }

  toBody(): RpcErrorBody {
    return this.details
      ? { code: this.code, message: this.message, details: this.details }
      : { code: this.code, message: this.message };
  }
}
