/**
 * Fakes the server at the network boundary: `fetch` answers from a table of
 * `'<METHOD> <path>'` → response (the query string is not part of the key; an answer that depends on it
 * reads the request it is given). Unknown calls answer 404, as the gateway would.
 */
export type FakeRoutes = Record<string, (request: Request) => Response | Promise<Response>>;

export function fakeApi(routes: FakeRoutes) {
  const requests: Request[] = [];
  const fetchSpy = jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    // A copy, so that a test can still read the body (reading a request's body uses it up).
    requests.push(request.clone());
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const answer = routes[route];
    return answer ? answer(request) : json(404, { message: `No fake answer for ${route}` });
  });
  requestsBySpy.set(fetchSpy, requests);
  return fetchSpy;
}

const requestsBySpy = new WeakMap<object, Request[]>();

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** A call the server never answers. */
export function never(): Promise<Response> {
  return new Promise(() => undefined);
}

/** The requests the app made, oldest first. Each body can be read once. */
export function requestsOf(fetchSpy: ReturnType<typeof fakeApi>): Request[] {
  return requestsBySpy.get(fetchSpy) ?? [];
}

/** A call that never reaches the server: what `fetch` does when the network is down. */
export function networkDown(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** The JSON body of the last `<METHOD> <path>` request the app made. */
export async function lastBodyOf(fetchSpy: ReturnType<typeof fakeApi>, route: string): Promise<unknown> {
  const request = requestsOf(fetchSpy)
    .filter((candidate) => `${candidate.method} ${new URL(candidate.url).pathname}` === route)
    .at(-1);
  if (!request) throw new Error(`The app never called ${route}`);
  return request.clone().json();
}

/** The requests the app made to `<METHOD> <path>`, oldest first. */
export function requestsTo(fetchSpy: ReturnType<typeof fakeApi>, route: string): Request[] {
  return requestsOf(fetchSpy).filter(
    (candidate) => `${candidate.method} ${new URL(candidate.url).pathname}` === route,
  );
}

/** The query parameters of a request, as an object (`?q=ship&status=pending` → `{ q, status }`). */
export function queryOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}
