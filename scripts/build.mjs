#!/usr/bin/env node
// Production build of every front end into dist/ (served by the worker as static assets):
//   dist/index.html, dist/static/…        the shell (Module Federation host)
//   dist/mf/<name>/mf-manifest.json, …    each remote, location independent (assetPrefix 'auto')
// Usage: node scripts/build.mjs [shell] [patients] [calendar] … (default: all). Runs two builds at
// a time (the machine has two cores). Set BUILD_CONCURRENCY to change that.
// --watch: build once, then keep every requested front end rebuilding on change (npm run dev).
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The one list of remotes (plain TypeScript, which Node 22 runs as is).
import { REMOTE_NAMES } from '../worker/src/contract/remotes.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = [...REMOTE_NAMES];
const ALL = ['shell', ...REMOTES];

const watch = process.argv.includes('--watch');
const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = requested.filter((name) => !ALL.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown front end(s): ${unknown.join(', ')}. Known: ${ALL.join(', ')}`);
  process.exit(2);
}
const targets = requested.length > 0 ? requested : ALL;
const concurrency = Math.max(1, Number(process.env.BUILD_CONCURRENCY ?? 2));

// A full build starts from an empty dist/ so no stale chunk is ever served.
if (requested.length === 0) rmSync(join(root, 'dist'), { recursive: true, force: true });

const rsbuildBin = join(root, 'node_modules', '.bin', 'rsbuild');
if (!existsSync(rsbuildBin)) {
  console.error('rsbuild is not installed: run `npm install` at the repository root first.');
  process.exit(1);
}

function folderOf(name) {
  return name === 'shell' ? 'shell' : `mf-${name}`;
}

function build(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(rsbuildBin, ['build'], {
      cwd: join(root, folderOf(name)),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`✓ ${folderOf(name).padEnd(12)} built in ${seconds}s`);
      } else {
        console.error(`✗ ${folderOf(name)} failed (exit ${code}) after ${seconds}s\n${output}`);
      }
      resolve(code === 0);
    });
  });
}

/** Watch mode: one `rsbuild build --watch` per front end, output prefixed with its folder. */
function watchAll() {
  const children = targets.map((name) => {
    const child = spawn(rsbuildBin, ['build', '--watch'], {
      cwd: join(root, folderOf(name)),
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${folderOf(name)}] `;
    const relay = (stream) => (chunk) => {
      for (const text of String(chunk).split('\n')) if (text.trim()) stream.write(`${prefix}${text}\n`);
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    return child;
  });
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (watch) {
  watchAll();
} else {
  await buildAll();
}

async function buildAll() {
  const queue = [...targets];
  let failed = false;
  async function worker() {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (!(await build(name))) failed = true;
    }
  }
  const started = Date.now();
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (failed) process.exit(1);
  console.log(`Front ends built into dist/ in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
