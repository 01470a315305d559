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
  build: { sourcemap: true, chunkSizeWarningLimit: 600 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
  },
});
