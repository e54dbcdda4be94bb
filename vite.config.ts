import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite/precompress';
import { prerender } from './scripts/vite/prerender';
import { sharedChunk } from './scripts/vite/shared-chunk';

/**
 * The browser app. index.html at the repo root loads src/client/main.tsx; the
 * build lands in dist/client, which the API server serves in production. In
 * development the API runs on :3000 and Vite proxies /api to it, so cookies stay
 * same-origin exactly as in production.
 */
/**
 * A digest of the shared code that shapes the API's answers (src/shared, tests aside). A cached
 * copy the client saved under the same digest is an answer this build already used, so it is
 * shown without loading zod to check it (client/lib/schema-version.ts).
 */
function sharedDigest(): string {
  const root = fileURLToPath(new URL('./src/shared/', import.meta.url));
  const hash = createHash('sha256');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .sort();
  for (const f of files) hash.update(f).update(readFileSync(path.join(root, f)));
  return hash.digest('hex').slice(0, 16);
}

export default defineConfig({
  define: { 'import.meta.env.SYSFI_SCHEMA_VERSION': JSON.stringify(sharedDigest()) },
  root: '.',
  publicDir: 'public',
  // `@/x` is `src/x` everywhere (tsconfig.json paths; tsx reads the same mapping on the server).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  plugins: [react(), tailwindcss(), prerender(), precompress()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The bundle budget test (e2e/bundle-budget.e2e.ts) reads it to find each route's chunks.
    manifest: true,
    // No modulepreload polyfill: every browser the build targets (es2022) but Safari 16 supports
    // `<link rel=modulepreload>`, and there the links are only ignored (the chunks still load on
    // import). It would cost every first visit some 0.4 KB of the 120 KB budget.
    modulePreload: { polyfill: false },
    // Pages are split per route with lazy(); this keeps an accidental eager import visible.
    chunkSizeWarningLimit: 250,
    rolldownOptions: {
      output: {
        // A chunk's file is its hash alone: every chunk's name rides in the app chunk's preload
        // table (about 150 of them), part of the first route's 120 KB budget
        // (e2e/bundle-budget.e2e.ts). The build's manifest still maps each to its source.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // The entry (main.tsx) only starts the app after the first paint; the app
          // itself, boot.tsx and all it imports, is one chunk that the served page
          // preloads (scripts/vite/prerender.ts), not dozens of small shared ones.
          // Vite's preload helper stays apart: the entry imports it, and must not pull the app in.
          groups: [
            { name: 'preload-helper', test: /preload-helper/, priority: 2 },
            // Tiny parts most pages draw (under 0.2 KB each: the eyebrow, the icon tile) ride in the
            // app chunk too: as chunks of their own, each would cost a request and more bytes than it holds.
            {
              name: 'app',
              test: /src[\\/]client[\\/](app[\\/]boot|components[\\/]eyebrow|components[\\/]ui[\\/]icon-tile)\.tsx$/,
              priority: 1,
            },
            // The small modules several routes share, in one chunk (scripts/vite/shared-chunk.ts).
            {
              name: sharedChunk({
                app: ['main.tsx', 'app/boot.tsx'],
                firstVisit: ['features/home/home-page.tsx'],
                // Helpers only a few pages use (form drafts; the gated buttons of /projects and /grants).
                apart: [
                  'lib/form-draft.ts',
                  'components/draft-notice.tsx',
                  'components/gated-button.tsx',
                  'lib/application-state.ts',
                ],
              }),
              minShareCount: 2,
            },
          ],
        },
      },
    },
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
