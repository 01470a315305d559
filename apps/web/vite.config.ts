import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { markdownPlugin } from './vite-plugin-markdown';
import { precompress } from './build/precompress';
import { firstLoadBudget } from './build/first-load-budget';

const src = fileURLToPath(new URL('./src', import.meta.url));

/** The server bundle's folder inside dist (the server never serves it, see its spa plugin). */
const SSR_DIR = 'ssr';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    markdownPlugin(),
    react(),
    tailwindcss(),
    // The landing is the page a new visitor opens first.
    firstLoadBudget(['src/features/landing/routes/home.tsx']),
    precompress([SSR_DIR]),
  ],
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
  // `vite build --ssr` makes the server bundle that prerenders the public pages: self-contained,
  // so that the server needs none of the web app's packages.
  ssr: {
    noExternal: true,
    target: 'node',
    resolve: { conditions: ['source', 'module', 'node', 'development|production'] },
  },
  ...(isSsrBuild
    ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') }, publicDir: false }
    : {}),
  build: isSsrBuild
    ? {
        outDir: `dist/${SSR_DIR}`,
        emptyOutDir: false,
        rollupOptions: { output: { entryFileNames: 'prerender.js' } },
      }
    : { sourcemap: true },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
    // Property tests run a hundred cases in jsdom; on a busy 2-core CI machine that can pass 5 s.
    testTimeout: 30_000,
    // vitest's default of cores - 1 runs one file at a time on a 2-core machine.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
}));
