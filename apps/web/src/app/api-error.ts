import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { ErrorCode } from '@parley/contracts';

export type ApiError = FetchBaseQueryError | SerializedError;

/**
 * The one place that turns a failed call into text for a user (spec 000 §7). Our server answers
 * `{ "message": "...", "code": "..." }`: that message is shown as is (decisions use `apiErrorCode`).
 * Any other body gives `<status>: <body text>`. A call that got no usable answer (network down,
 * timeout, empty body) gives `fallback`.
 */
export function apiErrorMessage(error: ApiError | undefined, fallback: string): string {
  if (error === undefined) return fallback;
  if (!('status' in error)) return error.message ?? fallback;
  const httpStatus = apiErrorStatus(error);
  if (httpStatus === undefined) return fallback;
  const message = bodyText(error, 'message');
  if (message !== undefined) return message;
  const body: unknown = error.data;
  if (typeof body === 'string' && body.trim() !== '') return `${httpStatus}: ${body}`;
  return fallback;
}

/** A non-empty text property of the JSON body (`{ message, code, field }`) of a call the server answered. */
function bodyText(error: ApiError | undefined, key: 'message' | 'code' | 'field'): string | undefined {
  if (error === undefined || !('status' in error)) return undefined;
  const body: unknown = error.data;
  if (typeof body !== 'object' || body === null) return undefined;
  const value: unknown = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The call got no answer: the network failed or the request timed out. */
export function isNetworkError(error: ApiError | undefined): boolean {
  return (
    error !== undefined &&
    'status' in error &&
    (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')
  );
}

/**
 * The field a refused call names (`{ message, field }`, the field as the API spells it), when the server
 * blamed one: a form shows the message under that input.
 */
export function apiErrorField(error: ApiError | undefined): string | undefined {
  return bodyText(error, 'field');
}

const KNOWN_CODES: ReadonlySet<string> = new Set(Object.values(ErrorCode));

/**
 * The code of a refused call (`{ message, code }`): what a screen decides on, never the message's words.
 * Undefined without an answer, or when the answer carries no code we know (an older server, a proxy).
 */
export function apiErrorCode(error: ApiError | undefined): ErrorCode | undefined {
  const code = bodyText(error, 'code');
  return code !== undefined && KNOWN_CODES.has(code) ? (code as ErrorCode) : undefined;
}

/** The HTTP status of a call the server answered (also when its body did not parse); else undefined. */
function apiErrorStatus(error: ApiError | undefined): number | undefined {
  if (error === undefined || !('status' in error)) return undefined;
  if (error.status === 'PARSING_ERROR') return error.originalStatus;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** The server answered and refused the request (4xx): its message says why, in plain words. */
export function isRefusal(error: ApiError | undefined): boolean {
  const status = apiErrorStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}
