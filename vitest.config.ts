import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: unit (pure, fast) and integration (real HTTP against the app on a
 * real database: PGlite, or PostgreSQL when TEST_DB=postgres). The end-to-end
 * tests run on @playwright/test (playwright.config.ts). scripts/test.ts runs them
 * all in order.
 */
export default defineConfig({
  // `@/x` is `src/x` (tsconfig.json paths).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Property tests take well under a second alone; on a machine busy with other
          // jobs they may take many times that, which is no failure.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Two files at once (ADR 0018): each has its own database and server, and on a
          // 2-core machine the run takes about a third of the time of one at a time.
          maxWorkers: 2,
        },
      },
    ],
  },
});
