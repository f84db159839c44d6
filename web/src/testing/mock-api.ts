import { vi } from 'vitest';

/** Answers one request; may throw to simulate a network failure. */
export type Handler = (request: Request) => Response | Promise<Response>;

/** Keys are "METHOD /path", e.g. "GET /api/v1/auth/user". */
export type Routes = Record<string, Handler>;

const state = {
  requests: [] as Request[],
  unhandled: [] as string[],
};

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

export function apiError(status: number, message: string, code: string): Response {
  return json({ message, code }, status);
}

/**
 * Replaces fetch for the current test. A request without a handler is recorded and rejected,
 * and the test fails afterwards (see setup-tests.ts), even when the app swallowed the error.
 */
/**
 * Asked by every signed-in page (the top bar's bell): an empty list unless a test gives one.
 */
const DEFAULT_ROUTES: Routes = {
  'GET /api/v1/notifications': () => json({ data: [], meta: { unread: 0 } }),
};

/**
 * Asked by every customer's page (its messages): an empty page unless a test gives one, under
 * "GET /api/v1/customers/{id}/messages" or the path with the id.
 */
function defaultFor(key: string): Handler | undefined {
  if (DEFAULT_ROUTES[key]) return DEFAULT_ROUTES[key];
  if (/^GET \/api\/v1\/customers\/\d+\/messages$/.test(key)) {
    return () => json({ data: [], meta: { page: 1, per_page: 20, total: 0 } });
  }
  return undefined;
}

export function mockApi(routes: Routes = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    state.requests.push(request);
    const handler = routes[key] ?? defaultFor(key);
    if (!handler) {
      state.unhandled.push(key);
      throw new TypeError(`Unhandled request in test: ${key}`);
    }
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** Requests made so far matching "METHOD /path". */
    requestsTo: (key: string) =>
      state.requests.filter((r) => `${r.method} ${new URL(r.url).pathname}` === key),
  };
}

export function resetApiMock(): void {
  state.requests = [];
  state.unhandled = [];
}

export function takeUnhandledRequests(): string[] {
  const unhandled = state.unhandled;
  state.unhandled = [];
  return unhandled;
}
