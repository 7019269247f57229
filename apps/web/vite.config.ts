/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverUrl = process.env.NUVEM_SERVER_URL ?? 'http://127.0.0.1:3000';
// Everything the server answers besides the web app itself, proxied in `npm run dev`.
const proxied = ['/api', '/auth', '/sso', '/oauth', '/logout', '/applications', '/healthz', '/readyz', '/docs'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: serverUrl, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    // Maps stay on disk for debugging, but the scripts do not point at them and the server refuses
    // *.map in production, so the app's source is not published.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which files the app's entry needs (first-load.mjs measures them;
    // the server does not serve it).
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.testing.ts'],
    css: false,
    // jsdom renders of the biggest pages take seconds on a busy 2-core CI machine.
    testTimeout: 15_000,
  },
});
