import { defineConfig } from 'vitest/config';

/** Pure unit tests: the contract's domain rules and the kit's helpers, in plain Node. */
export default defineConfig({
  test: {
    include: ['worker/src/contract/**/*.test.ts', 'kit/src/**/*.test.ts', 'shell/src/**/*.test.ts'],
    environment: 'node',
  },
});
