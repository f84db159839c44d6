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

export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Resolved at call time, so tests can replace the global fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(sessionMiddleware);
