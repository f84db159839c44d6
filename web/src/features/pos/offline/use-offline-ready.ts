import { useSyncExternalStore } from 'react';

/** Whether the browser says it has a network (`navigator.onLine`), kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => {
      window.addEventListener('online', changed);
      window.addEventListener('offline', changed);
      return () => {
        window.removeEventListener('online', changed);
        window.removeEventListener('offline', changed);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether this page can go on without the network: its service worker controls it, so the app
 * shell is cached and a reload with no network still opens the app (docs/offline.md). The worker
 * claims the page it was installed from (clientsClaim), so this turns true within seconds of the
 * first visit, without a reload. `null` where the browser has no service workers at all (and in
 * development, where none is registered).
 */
export function useOfflineReady(): boolean | null {
  return useSyncExternalStore(
    (changed) => {
      const container = serviceWorkerContainer();
      container?.addEventListener('controllerchange', changed);
      return () => container?.removeEventListener('controllerchange', changed);
    },
    () => {
      const container = serviceWorkerContainer();
      if (!container || !import.meta.env.PROD) return null;
      return container.controller !== null;
    },
    () => null,
  );
}

function serviceWorkerContainer(): ServiceWorkerContainer | null {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
}
