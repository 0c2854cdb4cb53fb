import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectSameDocument, markDocument, signInAs } from '../fixtures';
import { PORTS, startArgs, URLS } from '../ports';

/**
 * A remote team's loop, as the README tells it: `npm run dev -w mf-budgets` and a worker whose
 * registry points mf-budgets at that dev server. The dev server runs on a copy of mf-budgets in a
 * temporary folder (the test edits the copy, never the tracked source), on a port of this run's own;
 * both servers start once for the spec and are stopped after it.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const LIST = path.join('src', 'BudgetList', 'BudgetList.tsx');

let copy = '';
const servers: { name: string; child: ChildProcess; output: string[] }[] = [];

/** Starts a process in a group of its own (so all it starts can be stopped with it), keeping its output. */
function run(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, detached: true });
  const server = { name, child, output: [] as string[] };
  const keep = (chunk: Buffer) => {
    server.output.push(chunk.toString());
    if (server.output.length > 200) server.output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  servers.push(server);
  return server;
}

const tail = (server: { name: string; output: string[] }) =>
  `${server.name} said:\n${server.output.join('').slice(-3000)}`;

/** Resolves once `ready` does, or fails with the server's output if it exits or the time runs out. */
async function started(server: (typeof servers)[number], ready: () => Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) throw new Error(`exited (${server.child.exitCode}). ${tail(server)}`);
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`not ready within ${ms / 1000} s. ${tail(server)}`);
}

test.use({ baseURL: URLS.devLoop, extraHTTPHeaders: { Origin: URLS.devLoop } });

test.beforeAll(async () => {
  // Both servers start side by side: a worker (the same start.mjs the config's workers run, up to
  // about 40 s on 2 busy cores, 180 s allowed there) and the remote's first dev build (about 30 s).
  test.setTimeout(180_000);

  // A copy of mf-budgets as a team would have it: its config, its source, the workspace's packages.
  copy = mkdtempSync(path.join(tmpdir(), 'clinic-mf-budgets-'));
  for (const file of ['package.json', 'rsbuild.config.ts', 'src']) {
    cpSync(path.join(root, 'mf-budgets', file), path.join(copy, file), { recursive: true });
  }
  const tsconfig = JSON.parse(readFileSync(path.join(root, 'mf-budgets', 'tsconfig.json'), 'utf8'));
  tsconfig.extends = path.join(root, 'tsconfig.base.json');
  // The front ends' shared ambient types (kit/env) stay where the workspace keeps them.
  tsconfig.include = tsconfig.include.map((p: string) =>
    p.startsWith('../') ? path.join(root, 'mf-budgets', p) : p,
  );
  delete tsconfig.references;
  writeFileSync(path.join(copy, 'tsconfig.json'), JSON.stringify(tsconfig));
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');

  const devServer = run(
    'the dev server',
    path.join(root, 'node_modules', '.bin', 'rsbuild'),
    ['dev', '--port', String(PORTS.budgetsDevServer), '--strict-port'],
    copy,
    // Never the dist/ the other workers serve, should the dev server write anything.
    { REMOTE_OUT_DIR: path.join(copy, 'dist') },
  );
  const worker = run(
    'the worker',
    process.execPath,
    [
      path.join(root, 'scripts', 'start.mjs'),
      ...startArgs('dev-loop'),
      '--var',
      `REMOTE_BUDGETS_URL:${URLS.budgetsDevServer}/mf-manifest.json`,
    ],
    root,
    { PORT: String(PORTS.devLoop) },
  );
  await Promise.all([
    // The dev server answers once its first build is done.
    started(devServer, async () => (await fetch(`${URLS.budgetsDevServer}/mf-manifest.json`)).ok, 170_000),
    // start.mjs prints this once the worker answers and the demo clinic is seeded.
    started(worker, async () => worker.output.join('').includes('Clinic is running at'), 170_000),
  ]);
});

test.afterAll(async () => {
  // start.mjs stops its wrangler dev itself on SIGTERM (a signal to its whole group could make it
  // restart a wrangler that exits first); the dev server's group goes at once. Anything left after
  // 15 s is killed.
  await Promise.all(
    servers.map(async ({ child }) => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.spawnargs.some((arg) => arg.endsWith('start.mjs'))) child.kill('SIGTERM');
      else process.kill(-child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      // Whatever its group still holds (a workerd, an esbuild service).
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group is gone
      }
    }),
  );
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test('a remote served by its dev server loads on first visit, and a label change shows without a reload', async ({
  page,
}) => {
  // The first visit builds the remote's chunks on demand and the change is one more build of the
  // dev server: 30 s each at most on 2 busy cores (each about 5 s here); 90 s with sign-in.
  test.setTimeout(90_000);
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) refused.push(message.text());
  });

  await signInAs(page, 'medic');
  await page.goto('/home/budget');
  const main = page.getByRole('main');
  await expect(main.getByLabel('Sort by', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('This area could not be loaded')).toHaveCount(0);
  // Its code came from the dev server, which signals its rebuilds over a WebSocket of its own.
  await expect
    .poll(() => sockets.some((url) => url.startsWith(`ws://localhost:${PORTS.budgetsDevServer}/`)))
    .toBe(true);

  await markDocument(page);
  const list = path.join(copy, LIST);
  writeFileSync(list, readFileSync(list, 'utf8').replace('label="Sort by"', 'label="Order by"'));

  await expect(main.getByLabel('Order by', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(main.getByLabel('Sort by', { exact: true })).toHaveCount(0);
  await expectSameDocument(page);
  await expect(page).toHaveURL('/home/budget');
  expect(refused).toEqual([]);
});
