import { defineConfig } from 'vitest/config';

/**
 * The worker's Node-side tests: the production bundle (a `wrangler deploy --dry-run`) and the
 * repository tests against a real libSQL engine. The API tests run in workerd (vitest.config.ts).
 */
export default defineConfig({
  test: {
    include: ['test/node/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
