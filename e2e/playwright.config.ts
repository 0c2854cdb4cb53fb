import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_PATH } from './chromium';
import { PORTS, startArgs, URLS } from './ports';

const start = (state: string, extra = ''): string =>
  `node ../scripts/start.mjs ${startArgs(state).join(' ')} ${extra}`.trim();

/**
 * One built app on `wrangler dev` serves every spec (reused across tests). A second worker serves
 * the same build with its registry pointed elsewhere, to prove remotes are found at run time, ship
 * changes alone and fail alone: mf-patients from a separate static server, mf-calendar at a dead
 * address, mf-budgets from a build that declares one more screen and mf-clinic from a build made
 * against an incompatible kit (both built by e2e/remote-variants.mjs).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Per-port output, so two runs on one machine do not delete each other's traces.
  outputDir: `test-results/${PORTS.app}`,
  fullyParallel: false,
  workers: 1,
  // Two: should wrangler dev still exit mid-run (see scripts/start.mjs, which restarts it), a retry finds it back.
  retries: process.env.CI ? 2 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // The list, then the five slowest tests and any over half its timeout (e2e/slowest-reporter.ts).
  reporter: [['list'], ['./slowest-reporter.ts']],
  use: {
    baseURL: URLS.app,
    // The API calls a test makes itself (page.request, request) stand in for the app's own pages,
    // so they carry the app's Origin as the browser's would; the worker refuses a write that says
    // nothing of where it comes from. A spec on another server names that server's
    // origin; a test of a cross-site write sets its own Origin, which still fails.
    extraHTTPHeaders: { Origin: URLS.app },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // Social sign-in stand-in: the app below points OIDC_ISSUER at it.
      command: `node worker/test/oidc-issuer.mjs ${PORTS.oidc}`,
      cwd: '..',
      url: `${URLS.oidc}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: start(
        'app',
        `--var OIDC_ISSUER:${URLS.oidc} --var OIDC_CLIENT_ID:clinic-test-client --var OIDC_CLIENT_SECRET:clinic-test-secret`,
      ),
      env: { PORT: String(PORTS.app) },
      url: `${URLS.app}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node e2e/static-server.mjs dist/mf/patients ${PORTS.separateRemote}`,
      cwd: '..',
      url: `${URLS.separateRemote}/mf-manifest.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node e2e/remote-variants.mjs ${PORTS.variants}`,
      cwd: '..',
      url: `${URLS.variants}/budgets/screens.json`,
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: start(
        'rewired',
        [
          `--var REMOTE_PATIENTS_URL:${URLS.separateRemote}/mf-manifest.json`,
          '--var REMOTE_CALENDAR_URL:http://127.0.0.1:9/mf-manifest.json',
          `--var REMOTE_BUDGETS_URL:${URLS.variants}/budgets/mf-manifest.json`,
          `--var REMOTE_CLINIC_URL:${URLS.variants}/clinic/mf-manifest.json`,
        ].join(' '),
      ),
      env: { PORT: String(PORTS.rewired) },
      url: `${URLS.rewired}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // An empty deployment: the demo medic only, no clinic (e2e/clinic/initial-config.spec.ts).
      command: start('empty', '--seed-scope medic'),
      env: { PORT: String(PORTS.empty) },
      url: `${URLS.empty}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
