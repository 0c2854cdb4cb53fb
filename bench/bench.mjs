#!/usr/bin/env node
// `npm run bench`: performance figures. One line per figure on stdout, and bench/results.json
// updated section by section (other sections' keys are kept).
//
// Sections run in order; add one by appending to SECTIONS below (e.g. { key: 'api', run: measureApi }).
// `npm run bench -- frontend` runs only the named sections; `--no-build` measures dist/ as it is;
// `npm run bench -- api --rows` prints the D1 rows each API call reads, without timings (bench/api.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { measureApi } from './api.mjs';
import { measureBackup } from './backup.mjs';
import { launchChromium, RESULTS, writeSection } from './lib.mjs';
import { measureLive } from './live.mjs';
import { measureWaitlist } from './waitlist.mjs';
import { measureWorkerBundle } from './worker-bundle.mjs';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const DIST = join(ROOT, 'dist');

// ---------------------------------------------------------------------------------------------
// Front end: production build sizes (gzip) and login time, measured in headless Chromium.
// ---------------------------------------------------------------------------------------------

export const FRONTEND_BUDGETS = {
  shellInitialKB: 130,
  remoteFirstUseKB: 30,
  /** The calendar carries react-big-calendar. */
  calendarFirstUseKB: 45,
  loginInteractiveMs: 1000,
};

/** Each remote and a path that makes the shell load it, with the user type that owns it. */
const REMOTE_PROBES = {
  patients: { user: 'Medic', path: '/home' },
  calendar: { user: 'Medic', path: '/home/calendar' },
  budgets: { user: 'Medic', path: '/home/budget' },
  clinic: { user: 'Medic', path: '/home/clinic-details' },
  portal: { user: 'Patient', path: '/home' },
};

const gzipCache = new Map();
/** Gzipped size in bytes of a file of dist/ (default zlib level, like the build's report). */
function gzipBytes(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file)).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** The clinic the stand-in API answers, so screens that need one (the calendar) render whole. */
const BENCH_CLINIC = {
  ID: 1,
  name: 'Bench Clinic',
  imgLogo: '',
  street: 'Main',
  number: '1',
  city: 'Springfield',
  postalcode: '1000',
  telephone: '1145550000',
  email: 'clinic@bench.test',
  hours: '',
  turnStandardDuration: 0.5,
  officeHours: JSON.stringify([
    [],
    [{ min: 9, max: 13 }],
    [{ min: 9, max: 13 }],
    [{ min: 9, max: 13 }],
    [{ min: 9, max: 13 }],
    [{ min: 9, max: 13 }],
    [],
  ]),
  timeZone: 'UTC',
};

/**
 * Serves dist/ like the worker does (SPA fallback, /mf/remotes.json) with a stand-in for
 * GET /api/me, so the figures depend on the build only, not on a database or the API.
 */
function startStaticServer() {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const origin = `http://${req.headers.host}`;
    const send = (status, type, body) => {
      res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/mf/remotes.json') {
      const registry = Object.fromEntries(
        Object.keys(REMOTE_PROBES).map((name) => [name, `${origin}/mf/${name}/mf-manifest.json`]),
      );
      return send(200, 'application/json', JSON.stringify(registry));
    }
    if (url.pathname === '/api/login' && req.method === 'POST') {
      // Signs in whoever asks: 'patient…' as a patient, anyone else as a medic.
      let body = '';
      for await (const chunk of req) body += chunk;
      const userType = /"patient/i.test(body) ? 'Patient' : 'Medic';
      res.setHeader('Set-Cookie', `bench_user=${userType}; Path=/; HttpOnly`);
      const me = { ID: 1, email: 'bench@clinic.test', name: 'Bench', lastName: 'User', document: '30000000' };
      return send(200, 'application/json', JSON.stringify({ ...me, userType, doctorTitle: 'Dr.' }));
    }
    if (url.pathname === '/api/Clinics') {
      // The clinic exists, so a medic lands on /home rather than on the initial configuration; the
      // calendar gets one with office hours, so its grid renders whole.
      const fromCalendar = (req.headers.referer ?? '').includes(REMOTE_PROBES.calendar.path);
      const clinic = { ID: 1, name: 'Bench Clinic', imgLogo: '', street: 'Main', city: 'Town', number: 1 };
      return send(200, 'application/json', JSON.stringify(fromCalendar ? BENCH_CLINIC : clinic));
    }
    if (url.pathname === '/api/me') {
      const userType = /bench_user=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
      if (!userType) return send(401, 'application/json', '{"error":"unauthorized","msg":"Please sign in"}');
      const me = { ID: 1, email: 'bench@clinic.test', name: 'Bench', lastName: 'User', document: '30000000' };
      return send(200, 'application/json', JSON.stringify({ ...me, userType, doctorTitle: 'Dr.' }));
    }
    const fromCalendar = (req.headers.referer ?? '').includes(REMOTE_PROBES.calendar.path);
    // A list the screen reads (the calendar's turns): empty, so each screen renders whole.
    if (url.pathname === '/api/turns' && fromCalendar) return send(200, 'application/json', '[]');
    if (url.pathname.startsWith('/api/'))
      return send(404, 'application/json', '{"error":"not_found","msg":"-"}');
    const file = normalize(join(DIST, decodeURIComponent(url.pathname)));
    const isAsset = extname(url.pathname) !== '';
    try {
      if (!file.startsWith(DIST)) throw new Error('outside dist');
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', await readFile(file));
    } catch {
      if (isAsset) return send(404, 'text/plain', 'not found');
      return send(200, 'text/html', await readFile(join(DIST, 'index.html')));
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }),
    );
  });
}

/** Loads a page and returns the dist/ files of every script it fetched, and the time to `ready`. */
async function scriptsLoaded(browser, origin, path, { userType, ready }) {
  const context = await browser.newContext();
  if (userType) await context.addCookies([{ name: 'bench_user', value: userType, url: origin }]);
  const page = await context.newPage();
  const files = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.origin === origin && res.ok() && url.pathname.endsWith('.js')) {
      files.add(join(DIST, decodeURIComponent(url.pathname)));
    }
  });
  const started = Date.now();
  await page.goto(origin + path);
  await ready(page);
  const readyMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { files: [...files], readyMs };
}

/**
 * Signing in from the login page to the first screen: the requests made between the click on
 * Login and the first heading of the screen, and how many of them had to wait for another one
 * (round trips on the critical path: a request that starts after another has finished counts as
 * one more). Also whether the remotes' screen declarations were fetched in parallel.
 */
async function signInRoundTrips(browser, origin, email) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Login' }).waitFor();
  await page.waitForLoadState('networkidle');
  const requests = [];
  const started = new Map();
  page.on('request', (req) => started.set(req, performance.now()));
  page.on('requestfinished', (req) =>
    requests.push({ url: req.url(), start: started.get(req), end: performance.now() }),
  );
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Bench2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/home');
  await page.locator('#content').getByRole('heading').first().waitFor();
  const done = performance.now();
  await context.close();
  const before = requests
    .filter((r) => r.start !== undefined && r.start < done)
    .sort((a, b) => a.start - b.start);
  const depth = new Map();
  for (const r of before) {
    const waitedFor = before.filter((q) => q !== r && q.end <= r.start).map((q) => depth.get(q) ?? 1);
    depth.set(r, 1 + Math.max(0, ...waitedFor));
  }
  const declarations = before.filter((r) => r.url.endsWith('/screens.json'));
  const firstAnswer = Math.min(...declarations.map((r) => r.end));
  return {
    requests: before.length,
    roundTrips: Math.max(0, ...depth.values()),
    declarations: declarations.length,
    declarationsInParallel: declarations.every((r) => r.start < firstAnswer),
    chain: before.map((r) => `${depth.get(r)} ${new URL(r.url).pathname}`),
  };
}

function sumGzip(files) {
  return files.reduce((total, file) => total + gzipBytes(file), 0);
}

/** A remote's entry and the files its exposed routes load synchronously, from its mf-manifest.json. */
function firstUseFiles(name) {
  const dir = join(DIST, 'mf', name);
  const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
  const expose = manifest.exposes.find((e) => e.path === './routes');
  return [manifest.metaData.remoteEntry.name, ...expose.assets.js.sync].map((f) => join(dir, f));
}

/** Without a browser: index.html's scripts + all shell chunks (upper bound); remoteEntry + exposed sync chunks. */
function staticFigures() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => join(DIST, m[1]));
  const walk = (dir) =>
    existsSync(dir)
      ? spawnSync('find', [dir, '-name', '*.js'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
      : [];
  const shellFiles = [...new Set([...entry, ...walk(join(DIST, 'static', 'js'))])];
  const remotes = {};
  for (const name of Object.keys(REMOTE_PROBES)) {
    remotes[name] = { files: firstUseFiles(name), after: [] };
  }
  return {
    method: 'manifest (upper bound for the shell)',
    shell: { files: shellFiles },
    remotes,
    loginMs: null,
    signIn: null,
  };
}

async function browserFigures(browser) {
  const { server, origin } = await startStaticServer();
  try {
    // Warm-up run so the login timing does not include Chromium's own start-up.
    const loginReady = (page) => page.getByRole('button', { name: 'Login' }).waitFor();
    await scriptsLoaded(browser, origin, '/', { ready: loginReady });
    const shell = await scriptsLoaded(browser, origin, '/', { ready: loginReady });
    const remotes = {};
    for (const [name, probe] of Object.entries(REMOTE_PROBES)) {
      const { files } = await scriptsLoaded(browser, origin, probe.path, {
        userType: probe.user,
        ready: (page) => page.getByRole('main').getByRole('heading').first().waitFor(),
      });
      // Only what comes from the remote's own folder: shared singletons are served by the host.
      const own = join(DIST, 'mf', name) + sep;
      const mine = files.filter((f) => f.startsWith(own));
      // First use: its entry and what its routes need before they render (the manifest's sync
      // files). A part the routes load lazily (the calendar's month grid) streams in after.
      const first = new Set(firstUseFiles(name));
      remotes[name] = { files: mine.filter((f) => first.has(f)), after: mine.filter((f) => !first.has(f)) };
    }
    const signIn = {
      medic: await signInRoundTrips(browser, origin, 'medic@clinic.test'),
      patient: await signInRoundTrips(browser, origin, 'patient@clinic.test'),
    };
    return { method: 'headless Chromium', shell, remotes, loginMs: shell.readyMs, signIn };
  } finally {
    server.close();
  }
}

/** Front-end figures of the production build in dist/. */
export async function measureFrontend() {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/ has no build: run `npm run build` first');
  const browser = await launchChromium();
  let raw;
  try {
    raw = browser ? await browserFigures(browser) : staticFigures();
  } finally {
    await browser?.close();
  }
  const rel = (files) => files.map((f) => relative(DIST, f).split(sep).join('/')).sort();
  const figures = {
    method: raw.method,
    shellInitialJsGzipKB: kb(sumGzip(raw.shell.files)),
    shellInitialJsFiles: rel(raw.shell.files),
    loginInteractiveMs: raw.loginMs,
    remotes: Object.fromEntries(
      Object.entries(raw.remotes).map(([name, { files, after }]) => [
        name,
        {
          firstUseJsGzipKB: kb(sumGzip(files)),
          files: rel(files),
          streamedAfterJsGzipKB: kb(sumGzip(after)),
          streamedAfter: rel(after),
        },
      ]),
    ),
    signIn: raw.signIn,
    budgets: FRONTEND_BUDGETS,
    measuredAt: new Date().toISOString(),
  };
  const lines = [
    line('shell initial JS', figures.shellInitialJsGzipKB, 'KB gzip', FRONTEND_BUDGETS.shellInitialKB, 'KB'),
    ...Object.entries(figures.remotes).map(([name, r]) =>
      line(
        `remote ${name} first use (beyond shared${r.streamedAfterJsGzipKB > 0 ? `; ${r.streamedAfterJsGzipKB} KB more streams in after` : ''})`,
        r.firstUseJsGzipKB,
        'KB gzip',
        name === 'calendar' ? FRONTEND_BUDGETS.calendarFirstUseKB : FRONTEND_BUDGETS.remoteFirstUseKB,
        'KB',
      ),
    ),
  ];
  for (const [who, trip] of Object.entries(figures.signIn ?? {})) {
    const parallel =
      trip.declarations > 0
        ? `, ${trip.declarations} declarations ${trip.declarationsInParallel ? 'in parallel' : 'NOT in parallel'}`
        : '';
    lines.push({
      text: `${who} sign-in to first screen: ${trip.roundTrips} round trips on the critical path (${trip.requests} requests${parallel})`,
      over: trip.declarations > 0 && !trip.declarationsInParallel,
    });
  }
  if (figures.loginInteractiveMs !== null) {
    lines.push(
      line(
        'login page interactive',
        figures.loginInteractiveMs,
        'ms',
        FRONTEND_BUDGETS.loginInteractiveMs,
        'ms',
      ),
    );
  }
  return { figures, lines };
}

function line(label, value, unit, budget, budgetUnit) {
  const over = value > budget ? '  OVER BUDGET' : '';
  return { text: `${label}: ${value} ${unit} (budget ${budget} ${budgetUnit})${over}`, over: over !== '' };
}

// ---------------------------------------------------------------------------------------------
// Sections and results file
// ---------------------------------------------------------------------------------------------

/** Each section answers { figures, lines }; its figures are stored under results[key]. */
export const SECTIONS = [
  { key: 'frontend', run: measureFrontend, needsBuild: true },
  { key: 'api', run: measureApi, needsBuild: false },
  { key: 'worker', run: measureWorkerBundle, needsBuild: false },
  { key: 'live', run: measureLive, needsBuild: true },
  { key: 'waitlist', run: measureWaitlist, needsBuild: false },
  { key: 'backup', run: measureBackup, needsBuild: false },
  // Loaded only when asked for: the lighthouse package takes a while to import.
  {
    key: 'lighthouse',
    run: async () => (await import('./lighthouse.mjs')).measureLighthouse(),
    needsBuild: true,
  },
];

async function main() {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('-'));
  const sections = names.length > 0 ? SECTIONS.filter((s) => names.includes(s.key)) : SECTIONS;
  if (sections.length === 0) throw new Error(`No section named ${names.join(', ')}`);

  if (!args.includes('--no-build') && sections.some((s) => s.needsBuild)) {
    const build = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }

  let over = false;
  for (const section of sections) {
    const { figures, lines } = await section.run();
    for (const l of lines) {
      console.log(l.text);
      over ||= l.over;
    }
    // A rows-only API run has no timings: it leaves the stored figures as they are.
    if (!(section.key === 'api' && args.includes('--rows'))) writeSection(section.key, figures);
  }
  console.log(`Results written to ${relative(ROOT, RESULTS)}`);
  if (over) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
