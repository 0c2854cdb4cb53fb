import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@clinic/worker/contract';
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, expectAccessible, expectToast, signInAs } from '../fixtures';
import { PORTS, startArgs, URLS } from '../ports';

/**
 * The server goes away while a receptionist fills Register Patient: the page keeps every value,
 * shows the error (its pop-up code could not be fetched either), keeps the draft over a reload and
 * sends the same form once the server is back. The worker is this spec's own (the same start.mjs
 * the config's workers run): the test stops its `wrangler dev` by its pid, and start.mjs starts a
 * new one on the same port and state, as it does when wrangler dev exits by itself.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let worker: ChildProcess | undefined;
const output: string[] = [];

test.use({ baseURL: URLS.blip, extraHTTPHeaders: { Origin: URLS.blip } });

const healthy = async (): Promise<boolean> => {
  try {
    return (await fetch(`${URLS.blip}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
};

async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} not within ${ms / 1000} s. The worker said:\n${output.join('').slice(-3000)}`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  worker = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), ...startArgs('blip')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORTS.blip) },
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  worker.stdout?.on('data', keep);
  worker.stderr?.on('data', keep);
  await until(async () => output.join('').includes('Clinic is running at'), 170_000, 'the worker');
});

test.afterAll(async () => {
  const child = worker;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // start.mjs stops its wrangler dev itself on SIGTERM; whatever its group still holds goes after.
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // the group is gone
  }
});

/** Every process below `pid` (wrangler dev's launcher, wrangler itself, its workerd). */
function descendantsOf(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map(Number)
      .filter((child) => child > 0);
  } catch {
    // pgrep exits 1 when there are none
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/**
 * Stops the spec's `wrangler dev` (start.mjs's child, and all it started, by their pids) and waits
 * until nothing answers; start.mjs then starts a new one on the same port and state.
 */
async function stopServer(): Promise<void> {
  const pids = descendantsOf(worker?.pid ?? 0);
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  await until(async () => !(await healthy()), 15_000, 'the server stopping');
}

const VALUES: [label: string, value: string, exact?: boolean][] = [
  ['Name', 'Patty', true],
  ['Last Name', 'Bouvier'],
  ['Document', String(71_000_000 + (Date.now() % 1_000_000))],
  ['Email', `patty${Date.now() % 1_000_000}@clinic.test`],
  ['City', 'Springfield'],
  ['Street', 'Spinster Lane'],
  ['Number', '12', true],
  ['Postal Code', '1002'],
  ['Cellphone', '1155558888'],
  ['Telephone', '1145558888'],
  ['Birth date', '1960-01-11'],
  ['Medical Service', 'OSDE'],
];

async function expectEveryValue(page: Page): Promise<void> {
  for (const [label, value, exact] of VALUES) {
    await expect(page.getByLabel(label, { exact: exact ?? false }), label).toHaveValue(value);
  }
}

test('Register Patient with the server stopped mid-submit: the error shows, every value stays, a reload keeps them, the same submit succeeds once it is back', async ({
  page,
}) => {
  // the server's restart by start.mjs (up to 60 s on 2 busy cores) and two page loads
  test.setTimeout(150_000);
  // the first requests to a new wrangler dev may still be dropped (502): sign in once it answers
  await until(
    async () => (await page.request.post('/api/login', { data: ACCOUNTS.medic })).status() === 200,
    60_000,
    'a sign-in',
  );
  await page.goto('/home/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Register Patient' })).toBeVisible();
  for (const [label, value, exact] of VALUES)
    await page.getByLabel(label, { exact: exact ?? false }).fill(value);

  await stopServer();
  await page.getByRole('button', { name: 'Register Patient' }).click();
  // The error pop-up, though its own code could not be fetched: never a blank page.
  const dialog = page.getByRole('dialog', { name: MSG.errorTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(MSG.networkFailure);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expectEveryValue(page);
  await expect(page.getByRole('button', { name: 'Register Patient' })).toBeEnabled();

  // start.mjs starts wrangler dev again on the same state: the reload gives the draft back
  await until(healthy, 120_000, 'the server coming back');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Register Patient' })).toBeVisible();
  await expectEveryValue(page);

  await page.getByRole('button', { name: 'Register Patient' }).click();
  await expectToast(page, 'You will be redirected');
  await expect(page).toHaveURL(/\/home\/create-clinical-history\?patient=\d+$/);
  // sent: the draft is gone, the form opens empty
  await page.goto('/home/register');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
});

test('the app says when the browser goes offline and when it is back', async ({ page, context }) => {
  await signInAs(page, 'medic');
  await page.goto('/home');
  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(MSG.offline);
  await context.setOffline(false);
  await expect(page.getByRole('status', { name: 'Connection' })).toHaveText(MSG.backOnline);
});
