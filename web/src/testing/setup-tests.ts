import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n, loadLanguage, loadPagesDictionary } from '@/lib/i18n';
// In the app these come with their feature's chunk; tests render feature components directly.
import '@/features/owner/locales';
import '@/features/admin/locales';
import { resetSaleQueueConnection } from '@/lib/offline/sale-queue';
import { clearToasts } from '@/lib/toasts';
import { mockApi, resetApiMock, takeUnhandledRequests } from './mock-api';

// The app fetches English before switching to it; tests switch with `i18n.changeLanguage`.
await loadLanguage('en');
// In the app the lazy routes bring the rest of the Arabic dictionary; tests render pages directly.
await loadPagesDictionary();

// Lazy routes are compiled on first use; with many test files in parallel on a small machine
// that can take longer than the default second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

beforeEach(() => {
  resetApiMock();
  // Every test starts with no network: a request it did not mock fails the test.
  mockApi({});
});

afterEach(async () => {
  cleanup();
  clearToasts();
  await i18n.changeLanguage('ar');
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Each test starts with an empty browser database (the offline sale queue).
  resetSaleQueueConnection();
  globalThis.indexedDB = new IDBFactory();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) {
    throw new Error(`Unhandled network request(s): ${unhandled.join(', ')}`);
  }
});
