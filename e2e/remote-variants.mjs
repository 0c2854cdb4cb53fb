#!/usr/bin/env node
// Builds remotes as a feature team would ship a change, into e2e/.variants/<name>/, then serves that
// folder with CORS (static-server.mjs): the end-to-end tests point a worker's registry at them,
// without rebuilding the shell.
//   budgets: a build that declares one more screen with a sidebar entry (variants/budgets.config.ts)
//   clinic:  a build made against an incompatible kit major version (variants/clinic.config.ts)
// Usage: node e2e/remote-variants.mjs <port>
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const out = path.join(here, '.variants');
const port = process.argv[2] ?? '4802';

const VARIANTS = ['budgets', 'clinic'];

rmSync(out, { recursive: true, force: true });
for (const remote of VARIANTS) {
  const config = path.join(here, 'variants', `${remote}.config.ts`);
  const res = spawnSync(path.join(root, 'node_modules', '.bin', 'rsbuild'), ['build', '--config', config], {
    cwd: path.join(root, `mf-${remote}`),
    env: { ...process.env, NODE_ENV: 'production', REMOTE_OUT_DIR: path.join(out, remote) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
const server = spawn(process.execPath, [path.join(here, 'static-server.mjs'), out, port], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
