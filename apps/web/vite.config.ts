import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { markdownPlugin } from './vite-plugin-markdown';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [markdownPlugin(), react(), tailwindcss()],
  resolve: {
    alias: { '@': src },
    conditions: ['source', 'module', 'browser', 'development|production'],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/idp': 'http://localhost:3000',
      '/static': 'http://localhost:3000',
      '/app-config.json': 'http://localhost:3000',
      '/checkout': 'http://localhost:3000',
      '/metrics': 'http://localhost:3000',
    },
  },
  // The first-load chunk is ~610 kB minified (~186 kB gzipped: react-dom, the router, the auth0
  // client, TanStack Query); docs/decisions.md explains it. Warn only if it grows past that.
  build: { sourcemap: true, chunkSizeWarningLimit: 650 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
  },
});
