// Helpers every part of `npm run bench` shares: the results file, a local `wrangler dev` with its
// own state, a load generator that also reads the D1 rows each answer cost, and percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const RESULTS = join(ROOT, 'bench', 'results.json');

export function readResults() {
  try {
    const parsed = JSON.parse(readFileSync(RESULTS, 'utf8'));
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** Stores `figures` under `key`, re-reading first so no other section's keys are dropped. */
export function writeSection(key, figures) {
  const results = readResults();
  results[key] = figures;
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 10) / 10;
}

export const round1 = (n) => Math.round(n * 10) / 10;
export const round2 = (n) => Math.round(n * 100) / 100;

/** POSTs JSON like the app does (same Origin); answers the parsed JSON or throws. */
export async function post(baseUrl, path, body, headers = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The `db` entry the worker adds locally: `db;desc="rows_read=… rows_written=… statements=… round_trips=…";dur=…`. */
export function dbTiming(res) {
  const header =
    typeof res.headers.get === 'function' ? res.headers.get('server-timing') : res.headers['server-timing'];
  const m = /db;desc="rows_read=(\d+) rows_written=(\d+)(?: statements=\d+ round_trips=(\d+))?/.exec(
    header ?? '',
  );
  const primary = /db-primary;desc="trips=(\d+)"/.exec(header ?? '');
  return m
    ? {
        rowsRead: Number(m[1]),
        rowsWritten: Number(m[2]),
        roundTrips: Number(m[3] ?? Number.NaN),
        // Trips that had to reach the primary (a read replica may serve the others).
        primaryTrips: primary ? Number(primary[1]) : Number.NaN,
      }
    : null;
}

/**
 * One request of a figure: a path, or `{ path, method, body, token, headers }`. GETs carry the
 * token as a Bearer header; writes carry the same-origin header the worker asks for.
 */
export function send(baseUrl, request, token) {
  const r = typeof request === 'string' ? { path: request } : request;
  const headers = { ...(r.headers ?? {}) };
  const bearer = r.token === undefined ? token : r.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let body;
  if (r.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.origin = baseUrl;
    body = JSON.stringify(r.body);
  }
  return fetch(`${baseUrl}${r.path}`, { method: r.method ?? (body ? 'POST' : 'GET'), headers, body });
}

/**
 * `clients` loops share `total` requests `requestOf(i)`. Answers the sorted latencies in ms and the
 * D1 rows read and written each request reported, and the statuses of answers not in `okStatuses`.
 */
export async function load(baseUrl, token, total, clients, requestOf, okStatuses = [200]) {
  const latencies = [];
  const rowsRead = [];
  const rowsWritten = [];
  let next = 0;
  const failures = [];
  const client = async () => {
    while (next < total) {
      const request = requestOf(next++);
      const started = performance.now();
      const res = await send(baseUrl, request, token);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      const db = dbTiming(res);
      if (db) {
        rowsRead.push(db.rowsRead);
        rowsWritten.push(db.rowsWritten);
      }
      if (!okStatuses.includes(res.status)) failures.push(res.status);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  // Failures are answered, not thrown: a figure that overloads the server says so in its line.
  return { latencies: latencies.sort((a, b) => a - b), rowsRead, rowsWritten, failures };
}

/**
 * One request at a time, reading what each answer holds: rows returned (a list's length, 1 for
 * an object, 0 for a 404) and the D1 rows it read and wrote. Deterministic, unlike the timings.
 */
export async function probe(baseUrl, token, count, requestOf) {
  const samples = [];
  for (let i = 0; i < count; i++) {
    const res = await send(baseUrl, requestOf(i), token);
    const text = await res.text();
    let returned = 0;
    if (res.ok && text) {
      const body = JSON.parse(text);
      returned = Array.isArray(body) ? body.length : Array.isArray(body?.slots) ? body.slots.length : 1;
    }
    const db = dbTiming(res) ?? {
      rowsRead: Number.NaN,
      rowsWritten: Number.NaN,
      roundTrips: Number.NaN,
      primaryTrips: Number.NaN,
    };
    samples.push({ status: res.status, returned, ...db });
  }
  return samples;
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort() {
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

/**
 * Migrates and starts a local worker (ENVIRONMENT=local) with its state under bench/.data/<name>,
 * kept between runs so the seed is only topped up. `d1RttMs` delays every trip to D1 (the
 * far-database profile); with `replicaRttMs`, a trip a read replica may serve waits that long
 * instead (the replica profile). Answers `{ baseUrl, persistTo, stop }`.
 */
export async function startWorker(name = 'api-search', { d1RttMs = 0, replicaRttMs = null } = {}) {
  const workerDir = join(ROOT, 'worker');
  const persistTo = join(ROOT, 'bench', '.data', name);
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
  const port = Number(process.env.BENCH_PORT) || (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(
    wrangler,
    [
      wranglerJs,
      'dev',
      'src/index.dev.ts',
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
      ...(d1RttMs > 0 ? ['--var', `D1_RTT_MS:${d1RttMs}`] : []),
      // The replica profile: a trip a read replica may serve waits this long instead.
      ...(replicaRttMs !== null ? ['--var', `D1_REPLICA_RTT_MS:${replicaRttMs}`] : []),
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
  } catch (err) {
    server.kill('SIGTERM');
    throw err;
  }
  return {
    baseUrl,
    persistTo,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's headless Chromium through playwright-core, or null when it is not there. */
export async function launchChromium() {
  if (!existsSync(CHROMIUM)) return null;
  try {
    const { chromium } = await import('playwright-core');
    return await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
  } catch (err) {
    console.warn(`(Chromium unavailable: ${err instanceof Error ? err.message : err})`);
    return null;
  }
}
