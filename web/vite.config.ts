import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
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
        sourcemap: false,
      },
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
