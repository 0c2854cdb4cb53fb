import { defineConfig } from 'vitest/config';

/** Pure unit tests: the contract's domain rules, the kit's helpers, the shell's and remotes' logic and the scripts' checks, in plain Node. */
export default defineConfig({
  test: {
    include: [
      'worker/src/contract/**/*.test.ts',
      'kit/src/**/*.test.ts',
      'shell/src/**/*.test.ts',
      'mf-*/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
  },
});
