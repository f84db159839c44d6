import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { mantineStylesPerComponent } from './vite-mantine-styles';
import { routePreload } from './vite-route-preload';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    // Each chunk brings the Mantine styles of the components in it (see vite-mantine-styles.ts).
    mantineStylesPerComponent(),
    // A guest's first public page starts loading beside the first bundle (see vite-route-preload.ts).
    routePreload({
      routes: {
        '/': ['src/features/home/home-page.tsx'],
        '/about': ['src/features/public/about-page.tsx'],
        '/check-points': ['src/features/public/check-points-page.tsx'],
      },
      dictionaries: {
        default: ['src/locales/ar.public.json'],
        en: ['src/locales/ar.public.json', 'src/locales/en.json'],
      },
      languageKey: 'lang',
    }),
    // The app shell is cached by a service worker, so a till that opened the app once loads it
    // again with the network gone (docs/offline.md). API answers are never cached by it.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      manifest: {
        name: 'Loyalty',
        short_name: 'Loyalty',
        lang: 'ar',
        dir: 'rtl',
        start_url: '/dashboard',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b7285',
        icons: [],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,woff2,json}'],
        globIgnores: ['**/*.map'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Installed, the worker takes over at once, and takes the open page too: the page the
        // cashier signed in on is served offline without a reload (issue #34). The page says
        // when (pos/offline/use-offline-ready.ts).
        skipWaiting: true,
        clientsClaim: true,
        sourcemap: false,
      },
    }),
    // Every asset compressed ahead at the best levels (brotli 11, gzip 9) beside itself: the
    // server sends these as they are (crates/http/src/spa.rs), smaller than its own on-the-fly
    // compression at fast levels, and with no work per request. Source maps and tiny files are
    // left out; the originals stay for clients that take neither.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /assets[\\/].*\.(js|css|json|svg)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Maps for developers only: the server does not serve them.
    sourcemap: 'hidden',
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The first page's code in one chunk (it is all loaded at once anyway): fewer requests
          // before anything shows. The lazy routes keep the automatic split.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A file's first whole-app render compiles its lazy routes; on a busy 2-core machine that
    // alone came close to the default 5 s (setup-tests gives queries 5 s as well).
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
