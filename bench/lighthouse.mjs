#!/usr/bin/env node
// Lighthouse on a phone: the pinned `lighthouse` package (mobile preset: a mid-range phone on a slow
// 4G link, simulated) on Debian's Chromium against the production build served by a local worker
// (wrangler dev with dist/), the demo clinic seeded. Each page opens as a deep link: the login page
// signed out, the patient's pages signed in as the demo patient, the medic's as the demo medic
// (signed in through the login form in the same Chromium, as a returning patient is: the session
// cookie and the identity the app keeps are there, so Lighthouse is told not to clear them).
// Prints each page's performance score, LCP and TBT against the goals below. Not a test: the
// figures move with the machine's load (`npm run bench -- lighthouse`, it needs dist/ built).
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling as LIGHTHOUSE_THROTTLING } from 'lighthouse/core/config/constants.js';
import { startH2Front } from './h2-front.mjs';
import { freePort, post, startWorker } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The mobile preset's simulated phone: a slow 4G link (150 ms, 1.6 Mbit/s) and a 4× slower CPU. */
const MOBILE_THROTTLING = LIGHTHOUSE_THROTTLING.mobileSlow4G;

export const LIGHTHOUSE_GOALS = { loginScore: 95, deepLinkScore: 90, lcpMs: 2500, tbtMs: 200 };

const PATIENT = { email: 'patient@clinic.test', password: 'Patient2026' };
const MEDIC = { email: 'medic@clinic.test', password: 'Medic2026' };

/**
 * How the pages reach the browser. HTTP/2 over TLS is how Cloudflare serves the deployed worker to
 * every browser; wrangler dev serves HTTP/1.1 only, so `h2` puts a local HTTP/2 front before it
 * (bench/h2-front.mjs). `h1` measures wrangler dev as it is. Each page is measured over both.
 */
const TRANSPORTS = {
  h2: 'over HTTP/2, as deployed',
  h1: 'over HTTP/1.1, wrangler dev as it is (for comparison)',
};

/** The goals are judged over the transport patients meet: a page over HTTP/1.1 is printed beside it. */
const JUDGED = 'h2';

/** The pages measured, who is signed in, and the score each must reach. */
const PAGES = [
  { key: 'login', path: '/', who: null, goal: LIGHTHOUSE_GOALS.loginScore },
  { key: 'patientHome', path: '/home', who: PATIENT, goal: LIGHTHOUSE_GOALS.deepLinkScore },
  {
    key: 'patientAppointment',
    path: '/home/appointment',
    who: PATIENT,
    goal: LIGHTHOUSE_GOALS.deepLinkScore,
  },
  { key: 'patientPayments', path: '/home/payments', who: PATIENT, goal: LIGHTHOUSE_GOALS.deepLinkScore },
  { key: 'patientHistory', path: '/home/PatientCH', who: PATIENT, goal: LIGHTHOUSE_GOALS.deepLinkScore },
  { key: 'medicHome', path: '/home', who: MEDIC, goal: LIGHTHOUSE_GOALS.deepLinkScore },
  { key: 'medicCalendar', path: '/home/calendar', who: MEDIC, goal: LIGHTHOUSE_GOALS.deepLinkScore },
];

/**
 * Signs `account` in (or out, when null) through the app's own pages in the Chromium Lighthouse
 * drives: its default context, the one Lighthouse's tabs share.
 */
async function signInAs(port, baseUrl, account) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.evaluate(() => localStorage.clear());
    if (account) {
      await page.goto(`${baseUrl}/`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(/\/home/);
      await page.waitForLoadState('networkidle');
    }
    await page.close();
  } finally {
    // Leaves the connection, not Chromium: Lighthouse goes on using it.
    await browser.close();
  }
}

/** Empties Chromium's HTTP cache: each run fetches every file, as a first visit on a phone does. */
async function clearHttpCache(port) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

/**
 * What the simulated phone's LCP waited on: each request and main-thread task (over 20 ms) of
 * Lighthouse's own simulation of the page (its "optimistic" LCP graph), with the simulated start
 * and end in ms, in start order, a request with its transfer size. Read from the simulator
 * lighthouse runs on (`--lantern`).
 */
async function simulatedLcpTimeline() {
  const { Simulator } = await import('@paulirish/trace_engine/models/trace/lantern/simulation/Simulator.js');
  const timings = Simulator.allNodeTimings.get('optimisticLargestContentfulPaint');
  Simulator.allNodeTimings.clear();
  if (!timings) return [];
  return [...timings]
    .map(([node, t]) => ({
      start: Math.round(t.startTime),
      end: Math.round(t.endTime),
      what:
        node.type === 'network'
          ? new URL(node.request.url).pathname + new URL(node.request.url).search
          : 'main thread',
      // What crossed the wire, compressed (a network request's transfer size), in KB.
      size: node.type === 'network' ? ` ${(node.request.transferSize / 1000).toFixed(1)} KB` : '',
    }))
    .filter((row) => row.what !== 'main thread' || row.end - row.start > 20)
    .sort((a, b) => a.start - b.start);
}

/**
 * One Lighthouse run (performance only, mobile preset): score 0–100, LCP and TBT in ms.
 * `throttling` replaces parts of the preset's simulated phone (a what-if: `--throttle`).
 */
async function measurePage(port, url, throttling) {
  await clearHttpCache(port);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // The signed-in session stays (the HTTP cache is emptied before each run: clearHttpCache).
    disableStorageReset: true,
    ...(throttling ? { throttling: { ...MOBILE_THROTTLING, ...throttling } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return {
    timeline: await simulatedLcpTimeline(),
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
    finalUrl: lhr.finalDisplayedUrl,
    // Lighthouse's own measure of the machine's CPU (higher is faster): a figure's TBT grows on a slower machine.
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    // The protocol the page itself came over (the first request Lighthouse lists).
    protocol: lhr.audits['network-requests']?.details?.items?.[0]?.protocol,
  };
}

/**
 * The pages of PAGES named in `only` (all when empty), each measured on the preset's phone or,
 * with `throttling`, on one whose link or CPU differs (what the figures owe to each).
 */
export async function measureLighthouse({
  only = [],
  throttling,
  lantern = false,
  transports = Object.keys(TRANSPORTS),
} = {}) {
  const pages = only.length === 0 ? PAGES : PAGES.filter((p) => only.includes(p.key));
  if (pages.length === 0)
    throw new Error(`no page is named ${only.join(', ')}: ${PAGES.map((p) => p.key).join(', ')}`);
  const unknown = transports.filter((t) => !(t in TRANSPORTS));
  if (unknown.length > 0) throw new Error(`no transport is named ${unknown.join(', ')}: h2, h1`);
  const worker = await startWorker('lighthouse');
  let front;
  let chrome;
  try {
    await post(worker.baseUrl, '/api/dev/seed');
    if (transports.includes('h2')) front = await startH2Front(new URL(worker.baseUrl).port, await freePort());
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-sync',
        // The HTTP/2 front's throwaway certificate.
        '--ignore-certificate-errors',
      ],
    });
    const figures = {};
    const lines = [];
    for (const transport of transports) {
      const baseUrl = transport === 'h2' ? front.baseUrl : worker.baseUrl;
      figures[transport] = await measureOver(
        chrome.port,
        baseUrl,
        pages,
        { throttling, lantern },
        lines,
        transport,
      );
    }
    return { figures, lines };
  } finally {
    if (chrome) await chrome.kill();
    if (front) await front.stop();
    await worker.stop();
  }
}

/** Each page over one transport (its lines added to `lines`): the figures by page key. */
async function measureOver(port, baseUrl, pages, { throttling, lantern }, lines, transport) {
  const figures = {};
  // One warm-up load: the worker's first answers compile its code, which a real server has done.
  await signInAs(port, baseUrl, null);
  await measurePage(port, `${baseUrl}/`, throttling);
  let signedIn = null;
  for (const page of pages) {
    if (page.who !== signedIn) {
      await signInAs(port, baseUrl, page.who);
      signedIn = page.who;
    }
    const m = await measurePage(port, `${baseUrl}${page.path}`, throttling);
    // A page that sent Lighthouse elsewhere (the login page, for a lost session) measured the wrong page.
    if (new URL(m.finalUrl).pathname !== page.path) {
      throw new Error(`${page.path} ended on ${m.finalUrl}: the figures would be another page's`);
    }
    // The page itself came over the transport named (the HTTP/2 front in use, not a fallback).
    if (m.protocol !== (transport === 'h2' ? 'h2' : 'http/1.1')) {
      throw new Error(`${page.path} came over ${m.protocol}, not ${TRANSPORTS[transport]}`);
    }
    figures[page.key] = { path: page.path, score: m.score, lcpMs: m.lcpMs, tbtMs: m.tbtMs };
    const as = page.who ? ` as ${page.who === PATIENT ? 'patient' : 'medic'}` : '';
    const over = m.score < page.goal || m.lcpMs > LIGHTHOUSE_GOALS.lcpMs || m.tbtMs > LIGHTHOUSE_GOALS.tbtMs;
    lines.push({
      // A miss over HTTP/1.1 is marked, but only the deployed transport's sets the bench's exit code.
      text: `lighthouse ${page.path}${as} ${TRANSPORTS[transport]}: performance ${m.score} (goal ≥ ${page.goal}), LCP ${(m.lcpMs / 1000).toFixed(1)} s (≤ 2.5), TBT ${m.tbtMs} ms (≤ 200)${over ? '  OVER' : ''} [CPU benchmark ${m.benchmarkIndex}]`,
      over: over && transport === JUDGED,
    });
    if (lantern) {
      for (const row of m.timeline)
        lines.push({
          text: `  ${String(row.start).padStart(5)} → ${String(row.end).padStart(5)} ms  ${row.what}${row.size}`,
          over: false,
        });
    }
  }
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // `--only=login,patientPayments` measures those pages; `--throttle='{"rttMs":10}'` changes the
  // simulated phone (rttMs, throughputKbps, cpuSlowdownMultiplier) to see what a figure owes to each;
  // `--lantern` prints, under each page, what its simulated LCP waited on; `--transport=h1` (or h2)
  // measures over that one only.
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const only = arg('only')?.split(',') ?? [];
  const throttle = arg('throttle');
  const transport = arg('transport');
  const { lines } = await measureLighthouse({
    only,
    ...(transport ? { transports: transport.split(',') } : {}),
    throttling: throttle ? JSON.parse(throttle) : undefined,
    lantern: process.argv.includes('--lantern'),
  });
  for (const l of lines) console.log(l.text);
}
