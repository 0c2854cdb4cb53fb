import { availableParallelism } from 'node:os';
import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

const worker = path.join(import.meta.dirname, 'worker');

/**
 * Every Vitest test of the repository, in three projects (`vitest run --project <name>`):
 * - unit: pure logic in plain Node: the contract's domain rules, the kit's helpers, the shell's and
 *   remotes' logic and the scripts' checks;
 * - api: the worker's API tests, inside workerd against its local D1, R2 and queues;
 * - node: the worker's Node-side tests: the production bundle (a `wrangler deploy --dry-run`), the
 *   floors of its source, and the repository tests against a real libSQL engine.
 */
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(worker, 'migrations'));
  return {
    test: {
      // The worker's one JSON line per request (lib/request-log) and the simulated send_email
      // binding's report of each mail would flood the output; their own tests check them.
      onConsoleLog: (log: string) =>
        !log.startsWith('{"type":"request"') && !log.includes('send_email binding called'),
      projects: [
        {
          test: {
            name: 'unit',
            include: [
              'worker/src/contract/**/*.test.ts',
              'kit/src/**/*.test.ts',
              'shell/src/**/*.test.ts',
              'mf-*/src/**/*.test.ts',
              'scripts/**/*.test.ts',
            ],
            environment: 'node',
          },
        },
        {
          plugins: [
            cloudflareTest(({ inject }) => ({
              wrangler: { configPath: path.join(worker, 'wrangler.jsonc') },
              // The dev entry: the production app plus the local-only routes the tests seed through.
              main: path.join(worker, 'src/index.dev.ts'),
              miniflare: {
                // The access log's queue delivers at once (production waits up to a second to fill a
                // batch), and test/helpers `call` waits for the entry of each read it makes.
                queueConsumers: {
                  'clinic-audit': { maxBatchSize: 100, maxBatchTimeout: 0, maxRetries: 10 },
                },
                bindings: {
                  ENVIRONMENT: 'local',
                  // Mail goes through the simulated send_email binding EMAIL (and the local outbox).
                  MAIL_FROM: 'no-reply@clinic.test',
                  TEST_MIGRATIONS: migrations,
                  // Social sign-in against oauth2-mock-server on loopback, started in test/global-setup.ts.
                  OIDC_ISSUER: inject('oidcIssuer'),
                  OIDC_CLIENT_ID: inject('oidcClientId'),
                  OIDC_CLIENT_SECRET: inject('oidcClientSecret'),
                  // Stripe Checkout against the fake in test/fake-stripe.ts (routes/payments tests).
                  STRIPE_API_BASE: inject('stripeApiBase'),
                  STRIPE_SECRET_KEY: inject('stripeSecretKey'),
                },
              },
            })),
          ],
          test: {
            name: 'api',
            root: worker,
            include: ['src/**/*.test.ts'],
            exclude: ['src/contract/**'],
            setupFiles: ['./test/apply-migrations.ts', './test/forget-address-limits.ts'],
            globalSetup: ['./test/global-setup.ts'],
            // Vitest's default is one file at a time on 2 cores; a file spends much of its time waiting
            // on its workerd, so two at a time finish the suite in about 3/4 of the time there.
            maxWorkers: Math.max(2, availableParallelism() - 1),
          },
        },
        {
          test: {
            name: 'node',
            root: worker,
            include: ['test/node/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 120_000,
          },
        },
      ],
    },
  };
});
