#!/usr/bin/env node
// `npm run deploy -- --env production`: build the front ends, then `wrangler deploy` the worker with
// them as its static assets. `npm run deploy -- --dry-run` builds the exact worker that would be
// uploaded into worker/.wrangler/dry-run/ (or --outdir DIR) and needs no Cloudflare account.
// Flags: --no-build (upload what dist/ holds), --check (only the checks below, then stop: CI runs it
// before the migrations); anything else goes to `wrangler deploy` as is.
// It first refuses a secret written as a plain var (dry run included); for a named environment
// (--env or CLOUDFLARE_ENV, the same either way) also placeholder database ids (dry run included)
// and, for a real deploy, missing required secrets, each with one line saying what to do
// (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unstable_readConfig } from 'wrangler';
import {
  configOf,
  environmentOf,
  missingSecrets,
  placeholderDatabases,
  secretsAsVars,
  wranglerDeployArgs,
} from './deploy-checks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const envName = environmentOf(args, process.env.CLOUDFLARE_ENV);

if (!dryRun && !envName) {
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
// The environment goes to wrangler as a flag (wranglerDeployArgs), never through its own environment.
delete env.CLOUDFLARE_ENV;
const run = (cmd, cmdArgs, cwd) => {
  const res = spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit', env });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

const refuse = (message) => {
  console.error(`npm run deploy: ${message}`);
  process.exit(1);
};

const configPath = path.resolve(root, 'worker', configOf(args) ?? 'wrangler.jsonc');
const config = unstable_readConfig({ config: configPath, env: envName });
const plain = secretsAsVars(config.vars);
if (plain.length > 0) {
  const where = envName ? `env.${envName}.vars` : 'vars';
  refuse(
    `${plain.join(', ')} ${plain.length > 1 ? 'are secrets' : 'is a secret'}, not a var: remove ${plain.length > 1 ? 'them' : 'it'} from ${where} in worker/wrangler.jsonc (vars are in git) and set each with \`npx wrangler secret put NAME${envName ? ` --env ${envName}` : ''}\` from worker/ (docs/deploy.md).`,
  );
}
if (envName) {
  const placeholders = placeholderDatabases(config.d1_databases);
  if (placeholders.length > 0) {
    const names = placeholders.map((db) => db.database_name).join(', ');
    refuse(
      `the D1 database id of ${names} is a placeholder: run \`npx wrangler d1 create ${placeholders[0]?.database_name}\` and put the id it prints into env.${envName}.d1_databases in worker/wrangler.jsonc (docs/deploy.md).`,
    );
  }
  if (!dryRun) {
    const listed = spawnSync(
      path.join(bin, 'wrangler'),
      ['secret', 'list', '--env', envName, '--format', 'json', '--config', configPath],
      { cwd: path.join(root, 'worker'), env, encoding: 'utf8' },
    );
    if (listed.status !== 0) {
      refuse(
        `could not list the secrets of ${envName} (npx wrangler secret list --env ${envName}): ${listed.stderr.trim()}`,
      );
    }
    const names = JSON.parse(listed.stdout).map((secret) => secret.name);
    const missing = missingSecrets(names, config.vars);
    if (missing.length > 0) {
      refuse(
        `${envName} lacks ${missing.join(', ')}: set each with \`npx wrangler secret put NAME --env ${envName}\` (docs/deploy.md).`,
      );
    }
  }
}

if (args.includes('--check')) process.exit(0);

if (!args.includes('--no-build')) run(process.execPath, [path.join(root, 'scripts', 'build.mjs')], root);
mkdirSync(path.join(root, 'dist'), { recursive: true });

// The environment checked above, named explicitly (the top level's dry run: `--env=`).
const wranglerArgs = wranglerDeployArgs(args, envName);
if (dryRun && !wranglerArgs.some((a) => a === '--outdir' || a.startsWith('--outdir='))) {
  wranglerArgs.push('--outdir', '.wrangler/dry-run');
}
run(path.join(bin, 'wrangler'), ['deploy', ...wranglerArgs], path.join(root, 'worker'));
