/** Small HTTP helpers for system tests: JSON in and out, and a cookie jar of one session. */
export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One request as the web app's page would send it: a state-changing one carries the page's Origin
 * (the gateway refuses those without it), unless `origin` says otherwise (`null`: none).
 */
export async function call<T = Record<string, unknown>>(
  url: string,
  init: {
    method?: string;
    body?: unknown;
    cookie?: string;
    origin?: string | null;
    headers?: Record<string, string>;
    /** Gives up (the fetch rejects) after this long; unset: waits as long as the server takes. */
    timeoutMs?: number;
  } = {},
): Promise<Answer<T>> {
  const method = init.method ?? (init.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const origin = init.origin === undefined ? new URL(url).origin : init.origin;
  if (method !== 'GET' && origin !== null && headers.origin === undefined) headers.origin = origin;
  const res = await fetch(url, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: 'manual',
    signal: init.timeoutMs === undefined ? undefined : AbortSignal.timeout(init.timeoutMs),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
}

/** The `name=value` part of a Set-Cookie header, ready to send back. */
export function cookieOf(answer: Answer<unknown>): string {
  const header = answer.headers.get('set-cookie') ?? '';
  return header.split(';')[0];
}

/**
 * A file as the web app's file picker sends it: multipart, in `field`, with the session cookie and the
 * page's Origin.
 */
export async function uploadFile(
  url: string,
  cookie: string,
  field: string,
  file: { bytes: Buffer; name: string; type?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append(field, new Blob([file.bytes], { type: file.type ?? '' }), file.name);
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie, origin: new URL(url).origin },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
