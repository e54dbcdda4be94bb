import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The unit tests Stryker runs against each mutant (`npm run test:mutation`,
 * stryker.config.json): the pure tests of the rule modules it mutates. No database,
 * no server: a mutant is judged in seconds.
 */
export default defineConfig({
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    include: ['src/shared/**/*.test.ts', 'src/server/lib/*.test.ts'],
    environment: 'node',
  },
});
