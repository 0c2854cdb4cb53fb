#!/usr/bin/env node
// `npm run deploy -- --env production`: build the front ends, then `wrangler deploy` the worker with
// them as its static assets. `npm run deploy -- --dry-run` builds the exact worker that would be
// uploaded into worker/.wrangler/dry-run/ (or --outdir DIR) and needs no Cloudflare account.
// Flags: --no-build (upload what dist/ holds); anything else goes to `wrangler deploy` as is.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const hasEnv = args.some((a) => a === '--env' || a === '-e' || a.startsWith('--env='));

if (!dryRun && !hasEnv && !process.env.CLOUDFLARE_ENV) {
  console.error('Name the environment to deploy: npm run deploy -- --env staging (or --env production).');
  process.exit(1);
}

const bin = path.join(root, 'node_modules', '.bin');
// wrangler needs Node 22: the project's own (node_modules/.bin/node) comes first on the PATH.
const env = {
  ...process.env,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
  WRANGLER_SEND_METRICS: 'false',
};
const run = (cmd, cmdArgs, cwd) => {
  const res = spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

/** The environment named by --env X, --env=X, -e X or CLOUDFLARE_ENV. */
function envName() {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('--env=')) return a.slice('--env='.length);
    if (a === '--env' || a === '-e') return args[i + 1];
  }
  return process.env.CLOUDFLARE_ENV;
}

// Secrets a deployment cannot run without (README, Deploying): TOTP_KEY encrypts every second-factor
// secret, so a worker without it could neither enrol nor check a code. Checked before anything is
// built or uploaded; the dry run needs no account and uploads nothing, so it is not checked.
const REQUIRED_SECRETS = ['TOTP_KEY'];
if (!dryRun) {
  const name = envName();
  const listed = spawnSync(
    path.join(bin, 'wrangler'),
    ['secret', 'list', '--format', 'json', ...(name ? ['--env', name] : [])],
    { cwd: path.join(root, 'worker'), env, encoding: 'utf8' },
  );
  let names = [];
  try {
    names = JSON.parse(listed.stdout).map((secret) => secret.name);
  } catch {
    console.error(
      `Could not list the worker's secrets (wrangler secret list --env ${name}):\n${listed.stderr}`,
    );
    process.exit(1);
  }
  const missing = REQUIRED_SECRETS.filter((secret) => !names.includes(secret));
  if (missing.length > 0) {
    console.error(
      `Refusing to deploy: set ${missing.join(', ')} first, e.g. npx wrangler secret put TOTP_KEY --env ${name} (README, Deploying).`,
    );
    process.exit(1);
  }
}

if (!args.includes('--no-build')) run(process.execPath, [path.join(root, 'scripts', 'build.mjs')], root);
mkdirSync(path.join(root, 'dist'), { recursive: true });

const wranglerArgs = args.filter((a) => a !== '--no-build');
if (dryRun && !wranglerArgs.some((a) => a === '--outdir' || a.startsWith('--outdir='))) {
  wranglerArgs.push('--outdir', '.wrangler/dry-run');
}
// The dry run of the top-level configuration unless an environment is named.
if (dryRun && !hasEnv) wranglerArgs.push('--env=');
run(path.join(bin, 'wrangler'), ['deploy', ...wranglerArgs], path.join(root, 'worker'));
