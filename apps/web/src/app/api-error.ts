import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type ApiError = FetchBaseQueryError | SerializedError;

/**
 * The one place that turns a failed call into text for a user (spec 000 §7). Our server answers
 * `{ "message": "..." }`: that message is shown as is. Any other body gives `<status>: <body text>`.
 * A call that got no usable answer (network down, timeout, empty body) gives `fallback`.
 */
export function apiErrorMessage(error: ApiError | undefined, fallback: string): string {
  if (error === undefined) return fallback;
  if (!('status' in error)) return error.message ?? fallback;
  const httpStatus =
    error.status === 'PARSING_ERROR'
      ? error.originalStatus
      : typeof error.status === 'number'
        ? error.status
        : undefined;
  if (httpStatus === undefined) return fallback;
  const body: unknown = error.data;
  if (isMessageBody(body)) return body.message;
  if (typeof body === 'string' && body.trim() !== '') return `${httpStatus}: ${body}`;
  return fallback;
}

function isMessageBody(body: unknown): body is { message: string } {
  if (typeof body !== 'object' || body === null || !('message' in body)) return false;
  return typeof body.message === 'string' && body.message !== '';
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
  if (error === undefined || !('status' in error)) return undefined;
  const body: unknown = error.data;
  if (typeof body !== 'object' || body === null || !('field' in body)) return undefined;
  return typeof body.field === 'string' && body.field !== '' ? body.field : undefined;
}
