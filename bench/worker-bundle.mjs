#!/usr/bin/env node
// The production worker's size: `wrangler deploy --dry-run` of worker/src/index.ts into a temporary
// folder, then the raw and gzip bytes of every module it would upload. Compared with Cloudflare's
// Worker size limit: 3 MB after compression on the Workers Free plan (10 MB on Workers Paid), the
// stricter one. `node bench/worker-bundle.mjs` prints the figures and stores them under
// results.worker in bench/results.json; `npm run bench` runs it as its `worker` section.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const WORKER = join(ROOT, 'worker');
const RESULTS = join(ROOT, 'bench', 'results.json');

/** Cloudflare's Worker size limit after compression, Workers Free plan (Paid: 10 MB). */
export const WORKER_GZIP_LIMIT_KB = 3 * 1024;
/** Our own budget: far under the limit, so growth is noticed long before it matters. */
export const WORKER_GZIP_BUDGET_KB = 1024;

/**
 * Builds the worker exactly as `wrangler deploy` would upload it (no account needed) into `outdir`
 * and answers the files written. `entry` overrides the configuration's `main` (the dev entry).
 */
export function buildWorkerBundle(outdir, entry) {
  mkdirSync(join(ROOT, 'dist'), { recursive: true }); // the assets folder must exist, even empty
  // wrangler needs Node 22: the project's own (node_modules/.bin/node) first, whatever runs this.
  const bin = join(ROOT, 'node_modules', '.bin');
  const res = spawnSync(
    join(bin, 'wrangler'),
    ['deploy', ...(entry ? [entry] : []), '--dry-run', '--outdir', outdir, '--env='],
    {
      cwd: WORKER,
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
        WRANGLER_SEND_METRICS: 'false',
        NO_COLOR: '1',
      },
    },
  );
  if (res.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${res.stdout}\n${res.stderr}`);
  return readdirSync(outdir)
    .filter((f) => !f.endsWith('.map') && statSync(join(outdir, f)).isFile())
    .map((f) => join(outdir, f));
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** The bench section: { figures, lines } like bench/bench.mjs's others. */
export function measureWorkerBundle() {
  const outdir = mkdtempSync(join(tmpdir(), 'clinic-worker-'));
  try {
    const files = buildWorkerBundle(outdir);
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = readFileSync(file);
      raw += bytes.length;
      gzip += gzipSync(bytes).length;
    }
    const figures = {
      rawKB: kb(raw),
      gzipKB: kb(gzip),
      budgetGzipKB: WORKER_GZIP_BUDGET_KB,
      limitGzipKB: WORKER_GZIP_LIMIT_KB,
      limit: 'Cloudflare Workers Free plan: 3 MB after compression (Workers Paid: 10 MB)',
    };
    const over = figures.gzipKB > WORKER_GZIP_BUDGET_KB;
    const share = Math.round((figures.gzipKB / WORKER_GZIP_LIMIT_KB) * 1000) / 10;
    const lines = [
      {
        text: `Worker bundle (production entry): ${figures.gzipKB} KB gzip, ${figures.rawKB} KB raw; ${share}% of Cloudflare's 3 MB compressed limit (budget ${WORKER_GZIP_BUDGET_KB} KB)${over ? '  OVER BUDGET' : ''}`,
        over,
      },
    ];
    return { figures, lines };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, lines } = measureWorkerBundle();
  for (const l of lines) console.log(l.text);
  let results = {};
  try {
    results = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {
    // no results yet
  }
  results.worker = figures;
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  if (lines.some((l) => l.over)) process.exitCode = 1;
}
