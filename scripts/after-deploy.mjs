#!/usr/bin/env node
// `node scripts/after-deploy.mjs --url <origin> [--env <name>] [--rollback]`: the checks the deploy
// workflow runs on a worker it has just deployed (docs/deploy.md, "Continuous deployment"):
// GET /api/health answers 200, the login page loads, and, when SMOKE_EMAIL and SMOKE_PASSWORD are
// set, a sign-in with them answers 200. Each check is tried a few times (a new version takes a
// moment to reach every location). When one fails it prints why and, with --rollback, runs
// `wrangler rollback --env <name>` from worker/ (the version live before this deploy), then fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { environmentOf } from './deploy-checks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function attempt(check, tries, delayMs) {
  let last = '';
  for (let i = 0; i < tries; i++) {
    try {
      const problem = await check();
      if (!problem) return null;
      last = problem;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (i < tries - 1) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  return last;
}

/**
 * The checks on the worker at `origin`; answers the failures, one line each (none: healthy).
 * `signIn` is { email, password } or null.
 */
export async function checkDeployment(origin, signIn, { tries = 5, delayMs = 3000 } = {}) {
  const failures = [];
  const health = await attempt(
    async () => {
      const res = await fetch(`${origin}/api/health`);
      return res.status === 200 ? null : `GET /api/health answered ${res.status}`;
    },
    tries,
    delayMs,
  );
  if (health) failures.push(health);
  const page = await attempt(
    async () => {
      const res = await fetch(`${origin}/`);
      const html = await res.text();
      if (res.status !== 200) return `GET / answered ${res.status}`;
      return html.includes('<div id="root">') ? null : 'GET / is not the app page';
    },
    tries,
    delayMs,
  );
  if (page) failures.push(page);
  if (signIn) {
    const login = await attempt(
      async () => {
        const res = await fetch(`${origin}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify(signIn),
        });
        return res.status === 200 ? null : `POST /api/login as ${signIn.email} answered ${res.status}`;
      },
      tries,
      delayMs,
    );
    if (login) failures.push(login);
  }
  return failures;
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--url');
  const origin = (at >= 0 ? args[at + 1] : process.env.APP_URL)?.replace(/\/$/, '');
  if (!origin) {
    console.error('after-deploy: give the deployed origin: --url https://clinic.example (or APP_URL)');
    process.exit(1);
  }
  const envName = environmentOf(args, process.env.CLOUDFLARE_ENV);
  const { SMOKE_EMAIL: email, SMOKE_PASSWORD: password } = process.env;
  const signIn = email && password ? { email, password } : null;
  const tries = Number(process.env.AFTER_DEPLOY_TRIES) || 5;
  const failures = await checkDeployment(origin, signIn, { tries, delayMs: tries > 1 ? 3000 : 0 });
  if (failures.length === 0) {
    console.log(`after-deploy: ${origin} is healthy${signIn ? ', and signs in' : ''}`);
    return;
  }
  for (const failure of failures) console.error(`after-deploy: ${failure}`);
  if (args.includes('--rollback')) {
    if (!envName) {
      console.error('after-deploy: --rollback needs the environment (--env <name>)');
      process.exit(1);
    }
    const wrangler = process.env.WRANGLER_BIN ?? path.join(root, 'node_modules', '.bin', 'wrangler');
    console.error(`after-deploy: rolling ${envName} back to the version live before this deploy`);
    const res = spawnSync(
      wrangler,
      ['rollback', '--env', envName, '--yes', '--message', `after-deploy checks failed: ${failures[0]}`],
      { cwd: path.join(root, 'worker'), stdio: 'inherit' },
    );
    if (res.status !== 0)
      console.error('after-deploy: the rollback failed too: roll back by hand (docs/deploy.md)');
  }
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
