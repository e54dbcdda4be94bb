import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite/precompress';

/**
 * The browser app. index.html at the repo root loads src/client/main.tsx; the
 * build lands in dist/client, which the API server serves in production. In
 * development the API runs on :3000 and Vite proxies /api to it, so cookies stay
 * same-origin exactly as in production.
 */
export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The bundle budget test (e2e/bundle-budget.e2e.ts) reads it to find each route's chunks.
    manifest: true,
    // Pages are split per route with lazy(); this keeps an accidental eager import visible.
    chunkSizeWarningLimit: 250,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/uploads': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
