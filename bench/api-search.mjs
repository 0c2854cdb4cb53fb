#!/usr/bin/env node
// The API figures (DESIGN §8). Patient search at scale: 100,000 patients, by name and by document,
// 50 concurrent clients against `wrangler dev`; p50/p99 in ms under results.api.patientSearch.
// The same worker then measures a month of turns (api-turns.mjs) and a page of budgets (api-budgets.mjs).
//
// As a module: `await runSearchBench({ baseUrl, results })` against a running local worker
// (ENVIRONMENT=local, demo seeded). Standalone: `node bench/api-search.mjs` starts its own
// wrangler dev on a spare port with its own state under bench/.data/ and updates bench/results.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runBudgetsBench } from './api-budgets.mjs';
import { runTurnsBench } from './api-turns.mjs';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const RESULTS = join(ROOT, 'bench', 'results.json');

export const SEARCH_BENCH = {
  patients: 100_000,
  clients: 50,
  requestsPerKind: 3000,
  pageSize: 20,
  budgetP99Ms: 50,
};

const NAME_TERMS = [
  'maria',
  'garcia',
  'mar',
  'gon',
  'lopez',
  'santiago',
  'sofia perez',
  'ana',
  'rodri',
  'fernandez',
  'luna',
  'ju',
  'martina',
  'castro',
  'ortiz',
  'camila gomez',
  'pablo',
  'diaz',
  'zoe',
  'moreno',
];

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 10) / 10;
}

/** A document prefix of 4 to 8 digits of one of the synthetic patients. */
function documentTerm(i) {
  const n = 1 + ((i * 7919) % SEARCH_BENCH.patients);
  const doc = String(60_000_000 + n * 7);
  return doc.slice(0, 4 + (i % 5));
}

export async function post(baseUrl, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** `clients` loops share `total` GETs of `pathOf(i)`; answers the sorted latencies in ms. */
export async function loadPaths(baseUrl, token, total, clients, pathOf) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const client = async () => {
    while (next < total) {
      const path = pathOf(next++);
      const started = performance.now();
      const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status !== 200) failures++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  if (failures > 0) throw new Error(`${failures} of ${total} requests failed`);
  return latencies.sort((a, b) => a - b);
}

/** A patient search (null: the health floor). */
const searchPath = (term) =>
  term === null
    ? '/api/health'
    : `/api/patients?q=${encodeURIComponent(term)}&limit=${SEARCH_BENCH.pageSize}`;

/**
 * Seeds (tops up to) 100,000 patients through the local-only bulk endpoint, then measures.
 * Writes `results.api.patientSearch` and answers `{ figures, lines }` like bench.mjs sections.
 */
export async function runSearchBench({ baseUrl, results = {} }) {
  const { patients } = await post(baseUrl, `/api/dev/bench/patients?total=${SEARCH_BENCH.patients}`);
  const { token } = await post(baseUrl, '/api/login?bearer=true', {
    email: 'medic@clinic.test',
    password: 'Medic2026',
  });
  const { clients, requestsPerKind, budgetP99Ms } = SEARCH_BENCH;
  const kinds = {
    // The floor: the same load on GET /api/health (one `select 1`), so the search figures can be
    // read against what wrangler dev itself costs on this machine.
    baselineHealth: () => null,
    byName: (i) => NAME_TERMS[i % NAME_TERMS.length],
    byDocument: documentTerm,
  };
  const LABEL = { baselineHealth: 'baseline GET /api/health', byName: 'by name', byDocument: 'by document' };
  const figures = { patients, clients, requestsPerKind, pageSize: SEARCH_BENCH.pageSize, budgetP99Ms };
  const lines = [];
  for (const [kind, termOf] of Object.entries(kinds)) {
    const pathOf = (i) => searchPath(termOf(i));
    await loadPaths(baseUrl, token, 200, clients, pathOf); // warm-up: isolate, statement cache, pages
    const sorted = await loadPaths(baseUrl, token, requestsPerKind, clients, pathOf);
    const p50Ms = percentile(sorted, 50);
    const p99Ms = percentile(sorted, 99);
    figures[kind] = { p50Ms, p99Ms };
    const over = kind !== 'baselineHealth' && p99Ms >= budgetP99Ms;
    lines.push({
      text: `api patient search ${LABEL[kind]} (${patients} patients, ${clients} clients): p50 ${p50Ms} ms, p99 ${p99Ms} ms${kind === 'baselineHealth' ? '' : ` (budget p99 < ${budgetP99Ms} ms)`}${over ? ' OVER BUDGET' : ''}`,
      over,
    });
  }
  results.api = { ...(results.api ?? {}), patientSearch: figures };
  return { figures, lines };
}

// ---------------------------------------------------------------------------------------------
// Standalone: own wrangler dev, own state.
// ---------------------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error('wrangler dev exited');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('wrangler dev did not answer /api/health within 2 minutes');
}

/** Starts a local worker (own state under bench/.data/), measures, stops it: a bench.mjs section. */
export async function measureApi() {
  const workerDir = join(ROOT, 'worker');
  const persistTo = join(ROOT, 'bench', '.data', 'api-search');
  mkdirSync(persistTo, { recursive: true });
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  // Run wrangler's script with this Node (22), whatever `node` is first on PATH.
  const wrangler = process.execPath;
  const wranglerJs = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');
  const env = {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    // wrangler dev's local trace store and data explorer record every request and query; off.
    X_LOCAL_OBSERVABILITY: 'false',
    X_LOCAL_EXPLORER: 'false',
    NO_COLOR: '1',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  };
  const migrate = spawnSync(
    wrangler,
    [wranglerJs, 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo],
    { cwd: workerDir, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (migrate.status !== 0) throw new Error('migrations failed');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(
    wrangler,
    [
      wranglerJs,
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--inspector-port',
      String(await freePort()),
      '--persist-to',
      persistTo,
      '--var',
      'ENVIRONMENT:local',
      // No line per request: at info level each request costs a round trip to Node for its log
      // line (about 40% of the throughput at 50 clients on two cores).
      '--log-level',
      'warn',
      '--show-interactive-dev-session=false',
    ],
    { cwd: workerDir, env, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    await waitForHealth(baseUrl, server);
    await post(baseUrl, '/api/dev/seed');
    const results = {};
    const search = await runSearchBench({ baseUrl, results });
    const turns = await runTurnsBench({ baseUrl, results });
    const budgets = await runBudgetsBench({ baseUrl, results });
    return { figures: results.api, lines: [...search.lines, ...turns.lines, ...budgets.lines] };
  } finally {
    server.kill('SIGTERM');
  }
}

async function standalone() {
  const { figures, lines } = await measureApi();
  for (const line of lines) console.log(line.text);
  let latest = {};
  try {
    latest = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {
    // first run
  }
  latest.api = { ...(latest.api ?? {}), ...figures };
  writeFileSync(RESULTS, `${JSON.stringify(latest, null, 2)}\n`);
  if (lines.some((l) => l.over)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await standalone();
}
