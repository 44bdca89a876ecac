import { ChannelApiError } from '../channel-adapter';

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80007, 130429]);

/** OAuthException: the access token expired, or the user took the app's access away. */
const TOKEN_REJECTED_CODES = new Set([102, 190]);

/**
 * Meta's answer to a failed call: `{ error: { message, type, code, error_subcode, fbtrace_id } }` and the
 * HTTP status. `retryable` for rate limits (HTTP 429, codes 4, 17, 32, 613, 80007, 130429), 5xx and network
 * errors; `retryAfterMs` when the answer said how long to wait; `tokenRejected` for codes 102 and 190.
 */
export class MetaApiError extends ChannelApiError {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | undefined,
    retryable: boolean,
    retryAfterMs?: number,
  ) {
    super(message, retryable, retryAfterMs, code !== undefined && TOKEN_REJECTED_CODES.has(code));
    this.name = 'MetaApiError';
  }
}

/** Whether Meta refused the call's token itself (connecting again is the only cure). */
export function tokenRejected(error: MetaApiError): boolean {
  return error.tokenRejected;
}

type Query = Record<string, string | number | boolean | undefined>;

/** A small client for the Graph API at a configurable base URL (a local fake in tests). Never logs tokens. */
export class GraphClient {
  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs: number,
  ) {}

  get<T>(path: string, query: Query = {}): Promise<T> {
    return this.call<T>('GET', path, query);
  }

  /** `bearer`: a token sent as `Authorization: Bearer` (WhatsApp's messages API) rather than in the query. */
  post<T>(path: string, query: Query = {}, body?: unknown, bearer?: string): Promise<T> {
    return this.call<T>('POST', path, query, body, bearer);
  }

  delete<T>(path: string, query: Query = {}): Promise<T> {
    return this.call<T>('DELETE', path, query);
  }

  private async call<T>(
    method: string,
    path: string,
    query: Query,
    body?: unknown,
    bearer?: string,
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
      throw new MetaApiError(`Meta ${reason}`, 0, undefined, true);
    }
    const text = await res.text();
    const json = parseJson(text);
    if (res.ok) return json as T;
    const error = (json as { error?: { message?: string; code?: number } } | undefined)?.error;
    const code = typeof error?.code === 'number' ? error.code : undefined;
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new MetaApiError(
      error?.message ?? `Meta answered HTTP ${res.status}`,
      res.status,
      code,
      res.status === 429 || res.status >= 500 || (code !== undefined && RATE_LIMIT_CODES.has(code)),
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
