/**
 * Where to go back after signing in, and whether the last session ended under the user (a 401).
 * Kept in this tab's sessionStorage: a reload of the sign-in page keeps it, another tab does not.
 */
const RETURN_KEY = 'loyalty.returnTo';
const ENDED_KEY = 'loyalty.sessionEnded';
const SIGN_IN_PATH = '/login';

/** Only an in-app path: "/customer/1?x", never "//host", a URL, or the sign-in page itself. */
function isInAppPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !path.startsWith(SIGN_IN_PATH)
  );
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers `path` to come back to; `ended` says the session ended there (shows a message). */
export function rememberReturn(path: string, ended: boolean): void {
  const store = storage();
  if (!store) return;
  if (isInAppPath(path)) store.setItem(RETURN_KEY, path);
  if (ended) store.setItem(ENDED_KEY, '1');
}

/** Whether the sign-in page should say the session has ended. */
export function sessionHasEnded(): boolean {
  return storage()?.getItem(ENDED_KEY) === '1';
}

/** The remembered path (once), or null; the "ended" note goes with it. */
export function takeReturn(): string | null {
  const store = storage();
  if (!store) return null;
  const path = store.getItem(RETURN_KEY);
  store.removeItem(RETURN_KEY);
  store.removeItem(ENDED_KEY);
  return path && isInAppPath(path) ? path : null;
}
