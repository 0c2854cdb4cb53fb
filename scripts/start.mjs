#!/usr/bin/env node
// `npm start`: build the front ends, migrate the local D1, serve everything with `wrangler dev`,
// seed the demo clinic on an empty database and print the demo accounts.
// Without --dev it serves a copy of dist/ taken at start (worker/.wrangler/assets/<port>), so a build
// while it runs (`npm run build`, a deploy's) never breaks it; restart it to serve a new build.
// Flags: --dev (rebuild front ends on change and serve dist/ itself), --no-build (serve what dist/ holds),
// --persist-to DIR (local state folder, default worker/.wrangler/state), --fresh (empty that folder first),
// --seed-scope medic (seed only the demo medic and no clinic: the empty-deployment flow),
// --log-level warn (no line per request: each one costs wrangler dev a round trip to Node).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workerDir = path.join(root, 'worker');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

const port = process.env.PORT ?? '8787';
// Extra worker variables, e.g. --var REMOTE_PATIENTS_URL:http://127.0.0.1:4801/mf-manifest.json
const vars = args.flatMap((arg, i) => (arg === '--var' && args[i + 1] ? ['--var', args[i + 1]] : []));
const logLevel = option('--log-level');
const persistTo = path.resolve(root, option('--persist-to') ?? 'worker/.wrangler/state');
const env = {
  ...process.env,
  // wrangler needs Node 22: the project's own (node_modules/.bin/node) comes first even when this
  // script was started with an older system node.
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
  WRANGLER_SEND_METRICS: 'false',
  // wrangler dev's local trace store and data explorer record every request and query; off.
  X_LOCAL_OBSERVABILITY: 'false',
  X_LOCAL_EXPLORER: 'false',
  WRANGLER_HIDE_BANNER: 'true',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_COLOR: '1',
};
const wrangler = path.join(root, 'node_modules', '.bin', 'wrangler');

function run(cmd, cmdArgs, cwd = root) {
  const res = spawnSync(cmd, cmdArgs, { cwd, env, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (flag('--fresh')) rmSync(persistTo, { recursive: true, force: true });
if (!flag('--no-build') && !flag('--dev')) run(process.execPath, [path.join(root, 'scripts', 'build.mjs')]);
mkdirSync(path.join(root, 'dist'), { recursive: true });
// What wrangler dev serves: dist/ itself under --dev (its watch builds are the point), else a snapshot
// of it, one per port. A build empties dist/ first, and wrangler dev's watcher on a removed folder
// stopped seeing it: every page answered 404 until a restart.
const assets = flag('--dev') ? path.join(root, 'dist') : path.join(workerDir, '.wrangler', 'assets', port);
if (!flag('--dev')) {
  rmSync(assets, { recursive: true, force: true });
  cpSync(path.join(root, 'dist'), assets, { recursive: true });
}

run(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo], workerDir);

const children = [];
if (flag('--dev')) {
  children.push(
    spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--watch'], { env, stdio: 'inherit' }),
  );
}
const wranglerArgs = [
  'dev',
  // The dev entry: the production one plus the local-only routes (seed, outbox, bench data).
  'src/index.dev.ts',
  '--assets',
  assets,
  '--port',
  port,
  '--ip',
  '127.0.0.1',
  '--inspector-port',
  String(Number(port) + 10000),
  '--persist-to',
  persistTo,
  '--var',
  'ENVIRONMENT:local',
  // Fire the Cron Trigger by hand at /cdn-cgi/handler/scheduled?cron=… (see docs/product.md, "Reminders, the access log and moving turns").
  '--test-scheduled',
  // Mail goes through wrangler's simulation of the send_email binding (it prints each message)
  // as well as into the local outbox.
  '--var',
  'MAIL_FROM:no-reply@clinic.localhost',
  // Links in the mails no request sends (reminders, waitlist offers, recalls) point at this port.
  '--var',
  `LOCAL_ORIGIN:http://localhost:${port}`,
  ...vars,
  ...(logLevel ? ['--log-level', logLevel] : []),
  '--show-interactive-dev-session=false',
];

/**
 * wrangler dev 4.12x exits when a client drops a request mid-flight ("Error inside ProxyWorker …
 * Network connection lost", cloudflare/workers-sdk#15317, #15203). patches/wrangler+4.124.0.patch
 * stops that; should wrangler dev still exit on its own, the data is in the state folder, so a new
 * one on the same port carries on: restart it, a few times at most, unless we are the ones stopping it.
 */
const MAX_RESTARTS = 5;
let stopping = false;
let restarts = 0;
let server;
function startServer() {
  server = spawn(wrangler, wranglerArgs, { cwd: workerDir, env, stdio: ['ignore', 'inherit', 'inherit'] });
  server.on('exit', (code) => {
    if (!stopping && restarts < MAX_RESTARTS) {
      restarts += 1;
      console.error(`wrangler dev exited (${code}); restarting it (${restarts} of ${MAX_RESTARTS})`);
      // A workerd left behind would keep the port.
      spawnSync('pkill', ['-KILL', '-f', `workerd.*entry=127.0.0.1:${port} `]);
      setTimeout(startServer, 1000);
      return;
    }
    stop();
    process.exit(code ?? 0);
  });
}
const stop = () => {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  server?.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
startServer();

const base = `http://localhost:${port}`;
async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the worker did not answer /api/health within 2 minutes');
}

await waitForHealth();
const seedScope = option('--seed-scope');
const seedUrl = `${base}/api/dev/seed${seedScope ? `?scope=${encodeURIComponent(seedScope)}` : ''}`;
const res = await fetch(seedUrl, { method: 'POST', headers: { origin: base } });
const { seeded } = await res.json();
console.log(`
Clinic is running at ${base}${seeded ? ' (demo clinic seeded)' : ''}
  medic:   medic@clinic.test / Medic2026
  patient: patient@clinic.test / Patient2026
`);
if (!existsSync(path.join(assets, 'index.html'))) {
  console.log('Note: dist/index.html is missing; run `npm run build` for the front ends.');
} else if (!flag('--dev')) {
  console.log(
    'It serves the build as it was at start: after `npm run build`, restart it to see the new one.',
  );
}
