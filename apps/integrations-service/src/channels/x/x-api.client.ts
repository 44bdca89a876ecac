import { ChannelApiError } from '../channel-adapter';

/**
 * X's answer to a failed call, and the HTTP status: `retryable` for 429, 5xx and network failures (then
 * `retryAfterMs` until the rate window's `x-rate-limit-reset`), `tokenRejected` for 401 (the user's token
 * is no longer accepted). The message is X's own words (`detail`, `errors[0].message`, OAuth's
 * `error_description`), never a token.
 */
export class XApiError extends ChannelApiError {
  constructor(
    message: string,
    readonly status: number,
    retryable: boolean,
    retryAfterMs?: number,
    tokenRejected = false,
  ) {
    super(message, retryable, retryAfterMs, tokenRejected);
    this.name = 'XApiError';
  }
}

/** What X's rate headers said of the caller's window: calls left, and when it resets (epoch ms). */
export interface XRateWindow {
  remaining: number;
  resetAt: number;
}

/** How a call authenticates: a user's (or the app's) bearer token, or the app's client id and secret (Basic). */
export type XAuth = { bearer: string } | { basic: { id: string; secret: string } };

export interface XCall {
  auth: XAuth;
  /** A JSON body. */
  json?: unknown;
  /** A form body (the OAuth 2.0 endpoints). */
  form?: Record<string, string>;
}

/** An answer and the rate window it reported (undefined when X sent no rate headers). */
export interface XAnswer<T> {
  body: T;
  rate: XRateWindow | undefined;
}

interface XErrorBody {
  detail?: unknown;
  title?: unknown;
  errors?: { message?: unknown; detail?: unknown }[];
  error_description?: unknown;
  error?: unknown;
}

/** A small client for X's API v2 at a configurable base (`{X_API_URL}/2/...`; a local fake in tests). Never logs tokens. */
export class XApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, call: XCall): Promise<XAnswer<T>> {
    const headers: Record<string, string> = { authorization: authorization(call.auth) };
    let body: string | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(call.form).toString();
    }
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new XApiError(`X ${reason}`, 0, true);
    }
    const text = await res.text();
    const json = parseJson(text);
    const rate = rateWindow(res.headers);
    if (res.ok) return { body: json as T, rate };
    const message = errorMessage(json) ?? `X answered HTTP ${res.status}`;
    if (res.status === 429) {
      const retryAfterMs = rate === undefined ? undefined : Math.max(rate.resetAt - Date.now(), 1000);
      throw new XApiError(message, 429, true, retryAfterMs);
    }
    throw new XApiError(message, res.status, res.status >= 500, undefined, res.status === 401);
  }
}

function authorization(auth: XAuth): string {
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  // RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined.
  const pair = `${encodeURIComponent(auth.basic.id)}:${encodeURIComponent(auth.basic.secret)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

/** `x-rate-limit-remaining` and `x-rate-limit-reset` (epoch seconds), when both are there. */
export function rateWindow(headers: Headers): XRateWindow | undefined {
  const remaining = Number(headers.get('x-rate-limit-remaining') ?? Number.NaN);
  const reset = Number(headers.get('x-rate-limit-reset') ?? Number.NaN);
  if (!Number.isFinite(remaining) || !Number.isFinite(reset)) return undefined;
  return { remaining, resetAt: reset * 1000 };
}

function errorMessage(json: unknown): string | undefined {
  const body = (json ?? {}) as XErrorBody;
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  const candidates = [
    body.detail,
    first?.detail,
    first?.message,
    body.error_description,
    body.title,
    body.error,
  ];
  return candidates.find((value): value is string => typeof value === 'string' && value !== '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
