import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.jsonc' },
        miniflare: {
          bindings: { ENVIRONMENT: 'local', TEST_MIGRATIONS: migrations },
        },
      }),
    ],
    test: {
      include: ['src/**/*.test.ts'],
      exclude: ['src/contract/**'],
      setupFiles: ['./test/apply-migrations.ts'],
    },
  };
});
