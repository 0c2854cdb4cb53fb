#!/usr/bin/env node
// `npm run remote:point -- <remote> <url> --env <staging|production>`: points one environment's
// registry entry of a remote at the copy a feature team uploaded elsewhere, by setting the worker
// secret REMOTE_<NAME>_URL of that environment (`wrangler secret put`, from worker/, with the
// environment named). No rebuild and no redeploy: the shell reads GET /mf/remotes.json at run time.
// `--print` only prints the exact wrangler command and sets nothing (docs/remotes.md).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES } from '../worker/src/contract/remotes.ts';
import { environmentOf } from './deploy-checks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const print = args.includes('--print');
const envName = environmentOf(args, process.env.CLOUDFLARE_ENV);
const [remote, url] = args.filter(
  (arg, i) => !arg.startsWith('-') && !['--env', '-e'].includes(args[i - 1] ?? ''),
);

const refuse = (message) => {
  console.error(`npm run remote:point: ${message}`);
  process.exit(1);
};

const usage = 'npm run remote:point -- <remote> <url of its mf-manifest.json> --env <staging|production>';
if (!remote || !url) refuse(`usage: ${usage}`);
if (!REMOTE_NAMES.includes(remote))
  refuse(`no remote named ${remote}; the remotes are ${REMOTE_NAMES.join(', ')}.`);
let parsed;
try {
  parsed = new URL(url);
} catch {
  refuse(`${url} is not a URL; give the full address of the remote's mf-manifest.json.`);
}
if (parsed.protocol !== 'https:')
  refuse(`${url} is not https: a deployed app loads remotes over https only.`);
if (!parsed.pathname.endsWith('/mf-manifest.json'))
  refuse(
    `${url} does not end in /mf-manifest.json: give the manifest's address, its screens.json beside it.`,
  );
if (!envName) refuse(`name the environment: ${usage}`);

const variable = `REMOTE_${remote.toUpperCase()}_URL`;
const wranglerArgs = ['secret', 'put', variable, '--env', envName];
console.log(`cd worker && printf '%s' '${url}' | npx wrangler ${wranglerArgs.join(' ')}`);
if (print) process.exit(0);

const bin = path.join(root, 'node_modules', '.bin');
const env = {
  ...process.env,
  PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
  WRANGLER_SEND_METRICS: 'false',
};
delete env.CLOUDFLARE_ENV;
const res = spawnSync(path.join(bin, 'wrangler'), wranglerArgs, {
  cwd: path.join(root, 'worker'),
  env,
  input: url,
  stdio: ['pipe', 'inherit', 'inherit'],
});
process.exit(res.status ?? 1);
