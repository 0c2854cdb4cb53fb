#!/usr/bin/env node
// Lighthouse on a phone: the pinned `lighthouse` package (mobile preset: a mid-range phone on a slow
// 4G link, simulated) on Debian's Chromium against the production build served by a local worker
// (wrangler dev with dist/), the demo clinic seeded. Each page opens as a deep link: the login page
// signed out, the patient's pages signed in as the demo patient, the medic's as the demo medic
// (the session cookie sent with every request: Lighthouse clears the site's storage before a run).
// Prints each page's performance score, LCP and TBT against the goals below. Not a test: the
// figures move with the machine's load (`npm run bench -- lighthouse`, it needs dist/ built).
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { post, startWorker, writeSection } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const LIGHTHOUSE_GOALS = { loginScore: 95, deepLinkScore: 90, lcpMs: 2500, tbtMs: 200 };

const PATIENT = { email: 'patient@clinic.test', password: 'Patient2026' };
const MEDIC = { email: 'medic@clinic.test', password: 'Medic2026' };

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

/** The session cookie ('name=value') a sign-in answers with. */
async function sessionCookie(baseUrl, account) {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(account),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${account.email}: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (cookies.length === 0) throw new Error(`sign-in as ${account.email} set no cookie`);
  return cookies.join('; ');
}

/** One Lighthouse run (performance only, mobile preset): score 0–100, LCP and TBT in ms. */
async function measurePage(port, url, cookie) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue ?? 0),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue ?? 0),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

export async function measureLighthouse() {
  const worker = await startWorker('lighthouse');
  let chrome;
  try {
    const { baseUrl } = worker;
    await post(baseUrl, '/api/dev/seed');
    const cookies = new Map();
    for (const who of [PATIENT, MEDIC]) cookies.set(who, await sessionCookie(baseUrl, who));
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
    });
    const figures = {};
    const lines = [];
    // One warm-up load: the worker's first answers compile its code, which a real server has done.
    await measurePage(chrome.port, `${baseUrl}/`, null);
    for (const page of PAGES) {
      const cookie = page.who ? cookies.get(page.who) : null;
      const m = await measurePage(chrome.port, `${baseUrl}${page.path}`, cookie);
      figures[page.key] = { path: page.path, score: m.score, lcpMs: m.lcpMs, tbtMs: m.tbtMs };
      const as = page.who ? ` as ${page.who === PATIENT ? 'patient' : 'medic'}` : '';
      const over =
        m.score < page.goal || m.lcpMs > LIGHTHOUSE_GOALS.lcpMs || m.tbtMs > LIGHTHOUSE_GOALS.tbtMs;
      lines.push({
        text: `lighthouse ${page.path}${as}: performance ${m.score} (goal ≥ ${page.goal}), LCP ${(m.lcpMs / 1000).toFixed(1)} s (≤ 2.5), TBT ${m.tbtMs} ms (≤ 200)${over ? '  OVER' : ''}`,
        over,
      });
    }
    return { figures, lines };
  } finally {
    if (chrome) await chrome.kill();
    await worker.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { lines } = await measureLighthouse();
  for (const l of lines) console.log(l.text);
}
