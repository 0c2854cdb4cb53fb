#!/usr/bin/env node
// The API figures: every call a screen makes, at 100,000 patients, 200,000 turns and 50,000
// budgets (plus visit notes, studies and clinical histories), 50 concurrent clients against
// `wrangler dev`. Each figure is p50/p99 in ms, its ratio to the health check measured in the same
// run (the floor wrangler dev itself sets on this machine), and the D1 rows each request read,
// from the Server-Timing header the worker adds locally, against the rows the answer returned.
//
// `npm run bench -- api` runs it as a section of bench.mjs; `node bench/api.mjs` alone updates
// results.api. `--rows` skips the timings: one request at a time, rows read and returned only
// (deterministic, seconds). `--only=a,b` limits the figures. State stays under bench/.data/.
// `--d1-rtt=80` adds the far-database profile: the same calls again with every D1 round trip
// delayed by 80 ms (a local worker variable; no deployed bundle has the delay), printed beside.
// `--replica-rtt=10` with it makes that the replica profile: the primary 80 ms away, a read replica
// 10 ms away; a trip a replica may serve (a read that writes nothing) waits 10 ms, any other 80.
// Every figure says how many of its trips reached the primary; the screen reads' goal is 0.
import { pathToFileURL } from 'node:url';
import { load, percentile, post, probe, round1, round2, startWorker, writeSection } from './lib.mjs';

export const API_BENCH = {
  patients: 100_000,
  turns: 200_000,
  budgets: 50_000,
  evolutionsPerPatient: 2,
  clients: 50,
  requests: 1000,
  warmup: 100,
  /** Samples per figure for the rows read (one request at a time). */
  probes: 20,
  /** Each figure's p50 and p99 at most this many times the health check's. */
  maxRatio: 1.5,
  /** Each request reads at most the rows it returns plus this many. */
  maxExtraRows: 500,
  /** Each screen call reaches D1 in at most this many round trips (one read-only batch, the session check in it). */
  maxRoundTrips: 1,
  /** Trips of a screen read that reach the primary (a read replica may serve the rest). */
  maxPrimaryTrips: 0,
  /** Far-database profile (`--d1-rtt=80`): requests per figure, and the p50 allowed over the floor's. */
  farRequests: 200,
  farClients: 20,
  farMaxExtraTrips: 2,
};

const BENCH_DOCUMENT_BASE = 60_000_000;
const BENCH_TURNS_FROM = '2030-01-01';
const BENCH_PASSWORD = 'Bench2026';
const BENCH_LOGIN_EVERY = 1000;

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
/** Substrings for the budgets search and the calendar's patient picker (three letters or more). */
const CONTAINS_TERMS = ['garcia', 'ana', 'lopez', 'mar', 'rez', 'tina', 'castro', 'nic'];

/** The n-th synthetic patient's document (bench seed: 60,000,000 + 7n). */
const documentOf = (n) => String(BENCH_DOCUMENT_BASE + n * 7);
/** A document prefix of 4 to 8 digits of one of the synthetic patients. */
const documentPrefix = (i) => documentOf(1 + ((i * 7919) % scaled(API_BENCH.patients))).slice(0, 4 + (i % 5));
/** A document substring of 4 to 6 digits, from its middle (the budgets search by DNI). */
const documentPart = (i) => {
  const doc = documentOf(1 + ((i * 7919) % scaled(API_BENCH.patients)));
  return doc.slice(2, 6 + (i % 3));
};

function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first and last day of the `i`-th of 24 months from `from`. */
function monthOf(from, i) {
  const [y, m] = from.split('-').map(Number);
  const start = new Date(Date.UTC(y, m - 1 + (i % 24), 1));
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

/** A Monday-to-Friday date among the synthetic turns (the demo clinic opens on weekdays). */
function weekdayOf(i) {
  let date = addDays(BENCH_TURNS_FROM, (i * 37) % 700);
  while ([0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) date = addDays(date, 1);
  return date;
}

/**
 * Every call a screen makes. `request(i, ctx)` answers the i-th request; `as` picks whose token
 * it carries; `ok` lists the statuses that count as answers (a patient without a clinical
 * history gets 404, which the page shows as such).
 */
function figures(ctx) {
  // The demo patient is 1; the synthetic ones follow it.
  const patientId = (i) => 2 + ((i * 7919) % (scaled(API_BENCH.patients) - 1));
  const budgets = (query) => (i) => `/api/Budgets?${query(i)}&limit=20`;
  const page = (i) => `offset=${(i % 5) * 20}`;
  const paid = (i) => (i % 2 === 0 ? '&paid=false' : '&paid=true');
  return [
    {
      // The medic's home page: the first patients in name order before any search, then "Show more".
      key: 'patientsList',
      label: 'patient list, no search',
      request: (i) => `/api/patients?limit=20&${page(i)}`,
    },
    {
      key: 'patientsByName',
      label: 'patient search by name',
      request: (i) => `/api/patients?q=${encodeURIComponent(NAME_TERMS[i % NAME_TERMS.length])}&limit=20`,
    },
    {
      key: 'patientsByDocument',
      label: 'patient search by document',
      request: (i) => `/api/patients?q=${documentPrefix(i)}&limit=20`,
    },
    {
      key: 'calendarMonth',
      label: 'calendar month (pages of 200)',
      request: (i) => {
        const [first, last] = monthOf(BENCH_TURNS_FROM, i);
        return `/api/turns?from=${first}&to=${last}&limit=200&offset=${(i % 3) * 200}`;
      },
    },
    {
      // The week view asks for Sunday to Saturday around a weekday.
      key: 'calendarWeek',
      label: 'calendar week',
      request: (i) => {
        const day = weekdayOf(i);
        const sunday = addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
        return `/api/turns?from=${sunday}&to=${addDays(sunday, 6)}&limit=200&offset=0`;
      },
    },
    {
      key: 'calendarDay',
      label: 'calendar day',
      request: (i) => `/api/turns?from=${weekdayOf(i)}&to=${weekdayOf(i)}&limit=200&offset=0`,
    },
    {
      key: 'freeSlots',
      label: 'free slots of a day',
      request: (i) => `/api/turns/free?date=${weekdayOf(i)}`,
    },
    {
      key: 'calendarPatientPicker',
      label: "calendar's patient picker",
      request: (i) => `/api/patients?contains=${CONTAINS_TERMS[i % CONTAINS_TERMS.length]}&limit=8`,
    },
    {
      key: 'budgetsNewest',
      label: 'budgets newest first',
      request: budgets((i) => `sort=date_desc&${page(i)}${paid(i)}`),
    },
    {
      key: 'budgetsOldest',
      label: 'budgets oldest first',
      request: budgets((i) => `sort=date_asc&${page(i)}${paid(i)}`),
    },
    {
      key: 'budgetsAmountDesc',
      label: 'budgets by amount, highest first',
      request: budgets((i) => `sort=amount_desc&${page(i)}${paid(i)}`),
    },
    {
      key: 'budgetsAmountAsc',
      label: 'budgets by amount, lowest first',
      request: budgets((i) => `sort=amount_asc&${page(i)}${paid(i)}`),
    },
    {
      key: 'budgetsNameAsc',
      label: 'budgets by patient name A-Z',
      request: budgets((i) => `sort=name_asc&${page(i)}${paid(i)}`),
    },
    {
      key: 'budgetsNameDesc',
      label: 'budgets by patient name Z-A',
      request: budgets((i) => `sort=name_desc&${page(i)}${paid(i)}`),
    },
    {
      key: 'budgetsUnfiltered',
      label: 'budgets, no filter, newest first',
      request: budgets((i) => `sort=date_desc&${page(i)}`),
    },
    {
      key: 'budgetsSearchName',
      label: 'budgets searched by name',
      request: budgets((i) => `q=${CONTAINS_TERMS[i % CONTAINS_TERMS.length]}${paid(i)}`),
    },
    {
      key: 'budgetsSearchDni',
      label: 'budgets searched by DNI',
      request: budgets((i) => `q=${documentPart(i)}${paid(i)}`),
    },
    {
      key: 'patientPage',
      label: 'patient page: the patient',
      request: (i) => `/api/patients/${patientId(i)}`,
    },
    {
      key: 'patientEvolutions',
      label: 'patient page: evolutions',
      request: (i) => `/api/evolutions?PatientID=${patientId(i)}&limit=200`,
    },
    {
      key: 'patientStudies',
      label: 'patient page: studies',
      request: (i) => `/api/studies/search?id=${patientId(i)}`,
    },
    {
      key: 'patientClinicalHistory',
      label: 'patient page: clinical history',
      request: (i) => `/api/clinicalhistories/search?id=${patientId(i)}`,
      ok: [200, 404],
    },
    { key: 'treatments', label: 'treatments (price list)', request: () => '/api/treatments?limit=200' },
    {
      // The reports screen's 12 months from the bench's first month of turns: the monthly roll-up,
      // not the turns and budgets (at most 5,000 rows read).
      key: 'report12Months',
      label: 'reports, 12 months',
      request: () => {
        const [y, m] = BENCH_TURNS_FROM.split('-').map(Number);
        const last = new Date(Date.UTC(y + 1, m - 1, 0)).toISOString().slice(0, 10);
        return `/api/reports?from=${BENCH_TURNS_FROM.slice(0, 7)}-01&to=${last}`;
      },
    },
    {
      key: 'ownTurns',
      label: "a patient's own turns",
      request: (i) => ({
        path: `/api/turns?from=${ctx.today}&limit=200&offset=0`,
        token: ctx.patientTokens[i % ctx.patientTokens.length],
      }),
    },
    {
      key: 'ownPayments',
      label: "a patient's own payments",
      request: (i) => ({
        path: '/api/Budgets?paid=false&limit=200',
        token: ctx.patientTokens[i % ctx.patientTokens.length],
      }),
    },
    {
      key: 'login',
      label: 'login (PBKDF2, 100,000 iterations)',
      // Attempts are counted before the password check and given back on success, so at most 5
      // may be in flight per email and 30 per address (every local client is one address): 20
      // seeded patients' sign-ins in turn, from 25 clients, stay under both. Each makes a session row.
      request: (i) => ({
        path: '/api/login',
        body: {
          email: `bench-${BENCH_LOGIN_EVERY * (1 + (i % ctx.patientTokens.length))}@bench.test`,
          password: BENCH_PASSWORD,
        },
        token: null,
      }),
      clients: 25,
      requests: 300,
      warmup: 30,
    },
  ];
}

/**
 * `--scale=0.05`: a smaller database (5,000 patients, 10,000 turns, 2,500 budgets), in its own
 * state folder, to check the counts (rows, round trips, writes, trips to the primary) quickly on a
 * busy machine; the timed figures are only meaningful at full scale on an idle one.
 */
export function scale() {
  const arg = process.argv.find((a) => a.startsWith('--scale='));
  const n = arg ? Number(arg.slice('--scale='.length)) : 1;
  return Number.isFinite(n) && n > 0 && n <= 1 ? n : 1;
}
const scaled = (n) => Math.max(1, Math.round(n * scale()));
export const dataName = () => (scale() === 1 ? 'api-search' : `api-search-scale-${scale()}`);

export async function seedAll(baseUrl) {
  await post(baseUrl, '/api/dev/seed');
  const started = Date.now();
  const { patients } = await post(baseUrl, `/api/dev/bench/patients?total=${scaled(API_BENCH.patients)}`);
  const { turns } = await post(baseUrl, `/api/dev/bench/turns?total=${scaled(API_BENCH.turns)}`);
  const { budgets } = await post(baseUrl, `/api/dev/bench/budgets?total=${scaled(API_BENCH.budgets)}`);
  const records = await post(
    baseUrl,
    `/api/dev/bench/records?evolutionsPerPatient=${API_BENCH.evolutionsPerPatient}`,
  );
  return { patients, turns, budgets, ...records, seedSeconds: Math.round((Date.now() - started) / 1000) };
}

async function signIn(baseUrl, email, password) {
  return (await post(baseUrl, '/api/login?bearer=true', { email, password })).token;
}

async function context(baseUrl) {
  const medic = await signIn(baseUrl, 'medic@clinic.test', 'Medic2026');
  const patientTokens = [];
  for (
    let n = BENCH_LOGIN_EVERY;
    n <= scaled(API_BENCH.patients) && patientTokens.length < 20;
    n += BENCH_LOGIN_EVERY
  ) {
    patientTokens.push(await signIn(baseUrl, `bench-${n}@bench.test`, BENCH_PASSWORD));
  }
  return { medic, patientTokens, today: new Date().toISOString().slice(0, 10) };
}

/** Rows read against rows returned, over `probes` requests one at a time. */
async function rowsOf(baseUrl, token, figure) {
  const samples = await probe(baseUrl, token, API_BENCH.probes, figure.request);
  const bad = samples.find((s) => !(figure.ok ?? [200]).includes(s.status));
  if (bad) throw new Error(`${figure.key}: status ${bad.status}`);
  const mean = (pick) => round1(samples.reduce((t, s) => t + pick(s), 0) / samples.length);
  const extra = samples.map((s) => s.rowsRead - s.returned);
  return {
    rowsReadPerRequest: mean((s) => s.rowsRead),
    rowsReadMax: Math.max(...samples.map((s) => s.rowsRead)),
    rowsWrittenPerRequest: mean((s) => s.rowsWritten),
    rowsReturnedPerRequest: mean((s) => s.returned),
    rowsOverReturnedMax: Math.max(...extra),
    roundTripsPerRequest: mean((s) => s.roundTrips),
    roundTripsMax: Math.max(...samples.map((s) => s.roundTrips)),
    primaryTripsMax: Math.max(...samples.map((s) => s.primaryTrips)),
    readsReachingPrimary: samples.filter((s) => s.primaryTrips > 0).length,
  };
}

async function timed(baseUrl, token, figure) {
  const clients = figure.clients ?? API_BENCH.clients;
  const ok = figure.ok ?? [200];
  process.stderr.write(`(api bench: ${figure.key})\n`);
  await load(baseUrl, token, figure.warmup ?? API_BENCH.warmup, clients, figure.request, ok);
  const { latencies, failures } = await load(
    baseUrl,
    token,
    figure.requests ?? API_BENCH.requests,
    clients,
    figure.request,
    ok,
  );
  const failed =
    failures.length > 0 ? { failed: failures.length, failedStatuses: [...new Set(failures)] } : {};
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), ...failed };
}

/** `--d1-rtt=80`: the delay of every D1 round trip in the far-database profile, or 0. */
function d1Rtt() {
  const arg = process.argv.find((a) => a.startsWith('--d1-rtt='));
  const ms = arg ? Number(arg.slice('--d1-rtt='.length)) : 0;
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** `--replica-rtt=10`: how far the nearest read replica is in the far-database profile, or null (no replica). */
function replicaRtt() {
  const arg = process.argv.find((a) => a.startsWith('--replica-rtt='));
  const ms = arg ? Number(arg.slice('--replica-rtt='.length)) : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/**
 * The far-database profile: the same calls on a worker whose every D1 round trip waits `rtt` ms,
 * as a clinic on another continent from its database sees them; with `replica`, the replica
 * profile: a trip a read replica may serve waits `replica` ms. Each call's p50 against the
 * floor's p50 plus two round trips to the primary.
 */
async function measureFar(list, ctx, rtt, replica = null) {
  const worker = await startWorker(dataName(), { d1RttMs: rtt, replicaRttMs: replica });
  try {
    const far = {
      requests: API_BENCH.farRequests,
      clients: API_BENCH.farClients,
      warmup: 20,
    };
    const health = { key: 'health', request: () => '/api/health', ...far };
    const floor = await timed(worker.baseUrl, ctx.medic, health);
    const limit = round1(floor.p50Ms + API_BENCH.farMaxExtraTrips * rtt);
    const figures = {};
    const lines = [
      {
        text: `api far database (${replica === null ? `${rtt} ms per D1 round trip` : `replica profile: the primary ${rtt} ms away, a read replica ${replica} ms away`}): floor (health check) p50 ${floor.p50Ms} ms, p99 ${floor.p99Ms} ms; target per call: p50 <= ${floor.p50Ms} + ${API_BENCH.farMaxExtraTrips} x ${rtt} = ${limit} ms (each call's "far" figures end its line below)`,
        over: false,
      },
    ];
    for (const figure of list) {
      if (figure.key === 'login') continue;
      const f = await timed(worker.baseUrl, ctx.medic, { ...figure, ...far });
      figures[figure.key] = { p50Ms: f.p50Ms, p99Ms: f.p99Ms, withinTarget: f.p50Ms <= limit };
    }
    return { figures: { rttMs: rtt, replicaRttMs: replica, floor, limitP50Ms: limit, figures }, lines };
  } finally {
    await worker.stop();
  }
}

/** A figure that reads (a GET), not one that writes (the sign-in). */
function isScreenRead(figure) {
  const request = figure.request(0);
  return typeof request === 'string' || (request.body === undefined && (request.method ?? 'GET') === 'GET');
}

function only() {
  const arg = process.argv.find((a) => a.startsWith('--only='));
  return arg ? arg.slice('--only='.length).split(',') : null;
}

/** Starts a local worker, seeds, measures, stops it: a bench.mjs section. */
export async function measureApi({ rowsOnly = process.argv.includes('--rows') } = {}) {
  const worker = await startWorker(dataName());
  let stopped = false;
  try {
    const { baseUrl } = worker;
    const seeded = await seedAll(baseUrl);
    const ctx = await context(baseUrl);
    const picked = only();
    const list = figures(ctx).filter((f) => !picked || picked.includes(f.key));
    const health = { key: 'health', label: 'GET /api/health (the floor)', request: () => '/api/health' };
    const out = {
      ...seeded,
      clients: API_BENCH.clients,
      limits: { maxRatio: API_BENCH.maxRatio, maxExtraRows: API_BENCH.maxExtraRows },
      figures: {},
    };
    const lines = [];

    // The floor, measured before and after the figures; each ratio is to the mean of the two.
    let floor = null;
    const healthRuns = [];
    if (!rowsOnly) {
      healthRuns.push(await timed(baseUrl, ctx.medic, health));
    }
    for (const figure of list) {
      const rows = await rowsOf(baseUrl, ctx.medic, figure);
      out.figures[figure.key] = { label: figure.label, ...rows };
      if (!rowsOnly) Object.assign(out.figures[figure.key], await timed(baseUrl, ctx.medic, figure));
    }
    if (!rowsOnly) {
      healthRuns.push(await timed(baseUrl, ctx.medic, health));
      floor = {
        p50Ms: round1((healthRuns[0].p50Ms + healthRuns[1].p50Ms) / 2),
        p99Ms: round1((healthRuns[0].p99Ms + healthRuns[1].p99Ms) / 2),
        runs: healthRuns,
      };
      out.health = { ...floor, ...(await rowsOf(baseUrl, ctx.medic, health)) };
      lines.push({
        text: `api ${health.label}: p50 ${floor.p50Ms} ms, p99 ${floor.p99Ms} ms (before ${healthRuns[0].p50Ms}/${healthRuns[0].p99Ms}, after ${healthRuns[1].p50Ms}/${healthRuns[1].p99Ms}), rows read ${out.health.rowsReadPerRequest}/req`,
        over: false,
      });
    }
    // The far-database profile (`--d1-rtt=`) runs on its own worker; its figures join each call's line.
    const rtt = d1Rtt();
    let far = null;
    if (rtt > 0 && !rowsOnly) {
      await worker.stop();
      stopped = true;
      far = await measureFar(list, ctx, rtt, replicaRtt());
      out.far = far.figures;
      lines.push(...far.lines);
    }
    for (const figure of list) {
      const f = out.figures[figure.key];
      const rowsOver = f.rowsOverReturnedMax > API_BENCH.maxExtraRows;
      // A screen read is one read-only trip; a write (the sign-in) starts on the primary, as it should.
      const read = isScreenRead(figure);
      const tripsOver = read && f.roundTripsMax > API_BENCH.maxRoundTrips;
      const primaryOver = read && f.primaryTripsMax > API_BENCH.maxPrimaryTrips;
      let timing = '';
      let ratioOver = false;
      if (floor) {
        f.ratioP50 = round2(f.p50Ms / floor.p50Ms);
        f.ratioP99 = round2(f.p99Ms / floor.p99Ms);
        ratioOver = f.ratioP50 > API_BENCH.maxRatio || f.ratioP99 > API_BENCH.maxRatio;
        timing = `p50 ${f.p50Ms} ms (${f.ratioP50}x), p99 ${f.p99Ms} ms (${f.ratioP99}x), `;
      }
      const farF = far?.figures.figures[figure.key];
      const farOver = farF ? !farF.withinTarget : false;
      const farText = farF
        ? `; far (${rtt} ms/trip): p50 ${farF.p50Ms} ms, p99 ${farF.p99Ms} ms, target p50 <= ${far.figures.limitP50Ms} ms${farOver ? '  OVER FLOOR + 2 × RTT' : ' (met)'}`
        : '';
      lines.push({
        text: `api ${figure.label}: ${timing}${f.failed ? `${f.failed} failed (${f.failedStatuses.join(', ')}), ` : ''}rows read ${f.rowsReadPerRequest}/req (max ${f.rowsReadMax}), returned ${f.rowsReturnedPerRequest}/req, written ${f.rowsWrittenPerRequest}/req, round trips ${f.roundTripsPerRequest}/req (max ${f.roundTripsMax}), reached the primary in ${f.readsReachingPrimary} of ${API_BENCH.probes}${ratioOver ? '  RATIO OVER BUDGET' : ''}${rowsOver ? `  ROWS OVER BUDGET (+${f.rowsOverReturnedMax})` : ''}${tripsOver ? `  ROUND TRIPS OVER ${API_BENCH.maxRoundTrips}` : ''}${primaryOver ? '  REACHED THE PRIMARY' : ''}${farText}`,
        over: ratioOver || rowsOver || tripsOver || primaryOver || farOver || Boolean(f.failed),
      });
    }
    // The screen reads that had to reach the primary, where no read replica could serve them (goal 0).
    const reads = list.filter(isScreenRead);
    const reachedPrimary = reads.filter((figure) => out.figures[figure.key].primaryTripsMax > 0);
    out.screenReadsReachingPrimary = reachedPrimary.length;
    lines.push({
      text: `api screen reads that reached the primary: ${reachedPrimary.length} of ${reads.length}${reachedPrimary.length ? ` (${reachedPrimary.map((f) => f.key).join(', ')})` : ''} (goal 0)`,
      over: reachedPrimary.length > 0,
    });
    out.measuredAt = new Date().toISOString();
    out.mode = rowsOnly ? 'rows only' : 'rows and timings';
    return { figures: out, lines };
  } finally {
    if (!stopped) await worker.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures: out, lines } = await measureApi();
  for (const line of lines) console.log(line.text);
  if (!process.argv.includes('--rows') && !only() && scale() === 1) writeSection('api', out);
  if (lines.some((l) => l.over)) process.exitCode = 1;
}
