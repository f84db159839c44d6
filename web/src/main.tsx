// Mantine's global sheets; each component's own comes with the component's code
// (vite-mantine-styles.ts), all in the `mantine` cascade layer.
import 'virtual:mantine-styles';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { i18n, isLanguage, loadLanguage } from '@/lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

function render(element: HTMLElement) {
  const root = createRoot(element);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// Arabic (the default) is bundled: the first render is synchronous. A saved English choice waits
// for its dictionary (if that fails, the page still renders, in the Arabic fallback).
// (`i18n.language` is the saved choice; `resolvedLanguage` is Arabic until English is here.)
const pending = isLanguage(i18n.language) ? loadLanguage(i18n.language) : null;
if (pending) {
  const element = root;
  pending.then(
    () => render(element),
    () => render(element),
  );
} else {
  render(root);
}

// The app shell's service worker (vite-plugin-pwa): a till that opened the app once can load it
// again while the network is down. Only production builds have one.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a worker the app still works online.
    });
  });
}
