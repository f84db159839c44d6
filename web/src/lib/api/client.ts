import createClient, { type Middleware } from 'openapi-fetch';
import { currentLanguage } from '@/lib/i18n';
import { getToken } from '@/lib/session/token-store';
import type { paths } from './schema';

/** The one call whose 401 means "wrong credentials", not "session over". */
const LOGIN_PATH = '/api/v1/auth/login';

let unauthorizedHandler: () => void = () => {};

/** The app registers what a 401 does (clear the session, go to /login) once it has a router. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

const sessionMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set('Accept-Language', currentLanguage());
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
  onResponse({ response, schemaPath }) {
    if (response.status === 401 && schemaPath !== LOGIN_PATH) unauthorizedHandler();
    return response;
  },
};

/** No call waits longer than this for an answer: a till never shows an endless spinner. */
export const REQUEST_TIMEOUT_MS = 15_000;

export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Resolved at call time, so tests can replace the global fetch. A call past the time limit
  // fails with a TimeoutError (see isNetworkError).
  fetch: (request) =>
    globalThis.fetch(request, {
      signal: AbortSignal.any([request.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]),
    }),
});
api.use(sessionMiddleware);
