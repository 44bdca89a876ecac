/**
 * Fakes the server at the network boundary: `fetch` answers from a table of
 * `'<METHOD> <path>'` → response. Unknown calls answer 404, as the gateway would.
 */
export type FakeRoutes = Record<string, () => Response | Promise<Response>>;

export function fakeApi(routes: FakeRoutes) {
  return jest.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const answer = routes[route];
    return answer ? answer() : json(404, { message: `No fake answer for ${route}` });
  });
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A call the server never answers. */
export function never(): Promise<Response> {
  return new Promise(() => undefined);
}

/** The requests the app made, oldest first. */
export function requestsOf(fetchSpy: ReturnType<typeof fakeApi>): Request[] {
  return fetchSpy.mock.calls.map(([input, init]) => new Request(input, init));
}
