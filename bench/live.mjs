#!/usr/bin/env node
// The live agenda's figures, in headless Chromium against a local worker with the demo clinic:
// - an open calendar with nothing changing for 60 s: the API requests it makes and the D1 rows
//   they read after its first load (the goal: 0), beside what the 10-second refresh it replaced
//   would have read in that minute (six reloads of the same first page);
// - one booking seen by 10 open calendars: the time from the booking's answer until the last
//   screen has refetched it, and the D1 rows those refetches read.
// `npm run bench -- live` runs it as a section of bench.mjs (it needs dist/ built).
import { pathToFileURL } from 'node:url';
import { dbTiming, launchChromium, post, round1, startWorker, writeSection } from './lib.mjs';

const IDLE_MS = 60_000;
const SCREENS = 10;
const MEDIC = { email: 'medic@clinic.test', password: 'Medic2026' };

/** The first Monday-to-Friday date after today: the demo clinic is open, and the month view shows it. */
function nextWorkday() {
  const d = new Date();
  do d.setDate(d.getDate() + 1);
  while (d.getDay() === 0 || d.getDay() === 6);
  return d;
}

const isoDate = (d) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Every API answer a page gets, with the D1 rows it read and when it arrived. */
function recordApi(page) {
  const answers = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.startsWith('/api/')) return;
    const db = dbTiming({ headers: res.headers() });
    answers.push({ path: url.pathname, at: performance.now(), rowsRead: db?.rowsRead ?? 0 });
  });
  return answers;
}

/** A signed-in calendar on the month of `date`, its first load done. */
async function openCalendar(context, baseUrl, date) {
  const page = await context.newPage();
  const answers = recordApi(page);
  await page.goto(`${baseUrl}/home/calendar`);
  await page.getByRole('heading', { name: 'Create a Turn' }).waitFor();
  if (date.getMonth() !== new Date().getMonth()) await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForLoadState('networkidle');
  return { page, answers };
}

const sum = (list) => list.reduce((t, a) => t + a.rowsRead, 0);

export async function measureLive() {
  const worker = await startWorker('live');
  const browser = await launchChromium();
  if (!browser) throw new Error('the live figures need Chromium at /usr/bin/chromium');
  try {
    const { baseUrl } = worker;
    await post(baseUrl, '/api/dev/seed');
    const context = await browser.newContext();
    const login = await context.request.post(`${baseUrl}/api/login`, {
      data: MEDIC,
      headers: { origin: baseUrl },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    const date = nextWorkday();

    // An open calendar, nothing changing.
    const idle = await openCalendar(context, baseUrl, date);
    const firstLoad = idle.answers.filter((a) => a.path === '/api/turns');
    const loaded = idle.answers.length;
    await idle.page.waitForTimeout(IDLE_MS);
    const idleAnswers = idle.answers.slice(loaded);
    const pollingWouldRead = 6 * sum(firstLoad);
    await idle.page.close();

    // Ten open calendars, one booking.
    const screens = [];
    for (let i = 0; i < SCREENS; i++) screens.push(await openCalendar(context, baseUrl, date));
    const marks = screens.map((s) => s.answers.length);
    const patient = await (
      await context.request.get(`${baseUrl}/api/patients?email=patient@clinic.test`)
    ).json();
    const booked = await context.request.post(`${baseUrl}/api/turns`, {
      headers: { origin: baseUrl },
      data: {
        date: isoDate(date),
        time: 17.5,
        duration: 0.5,
        description: 'Live bench',
        PatientID: patient.ID,
      },
    });
    if (booked.status() !== 201) throw new Error(`booking failed: ${booked.status()} ${await booked.text()}`);
    const answeredAt = performance.now();
    const refetches = [];
    for (const [i, s] of screens.entries()) {
      for (;;) {
        const got = s.answers.slice(marks[i]).find((a) => a.path === '/api/turns');
        if (got) {
          refetches.push(got);
          break;
        }
        await s.page.waitForTimeout(20);
      }
    }
    const lastMs = round1(Math.max(...refetches.map((a) => a.at)) - answeredAt);
    const { ID } = await booked.json();
    await context.request.delete(`${baseUrl}/api/turns/delete/${ID}`, { headers: { origin: baseUrl } });

    const figures = {
      idleCalendar: {
        seconds: IDLE_MS / 1000,
        requests: idleAnswers.length,
        rowsRead: sum(idleAnswers),
        firstLoadRowsRead: sum(firstLoad),
        tenSecondPollingWouldRead: pollingWouldRead,
      },
      bookingToScreens: {
        screens: SCREENS,
        lastScreenMs: lastMs,
        rowsRead: sum(refetches),
        rowsReadPerScreen: round1(sum(refetches) / SCREENS),
      },
      measuredAt: new Date().toISOString(),
    };
    const lines = [
      {
        text: `live calendar open ${IDLE_MS / 1000} s, nothing changing: ${figures.idleCalendar.requests} requests, ${figures.idleCalendar.rowsRead} rows read after its first load (${figures.idleCalendar.firstLoadRowsRead}); a 10-second refresh would have read ${pollingWouldRead}`,
        over: figures.idleCalendar.rowsRead > 0,
      },
      {
        text: `live one booking seen by ${SCREENS} open calendars: the last one has it ${lastMs} ms after the booking's answer, ${figures.bookingToScreens.rowsRead} rows read by their refetches (${figures.bookingToScreens.rowsReadPerScreen} each)`,
        over: false,
      },
    ];
    return { figures, lines };
  } finally {
    await browser.close();
    await worker.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { figures, lines } = await measureLive();
  for (const line of lines) console.log(line.text);
  writeSection('live', figures);
}
