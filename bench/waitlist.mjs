#!/usr/bin/env node
// The waitlist's figures, against a local worker with the demo clinic and the grace set to 0:
// - from a freed start (the cancel's request) to each offer mail handed over (its row in the
//   local outbox), p50 and max over 20 frees, each offered to 3 waiting patients by the clinic's
//   Durable Object alarm (the target: under 60 s);
// - the race: one start offered to 50 waiting patients (waitlistBatch 50), their 50 claims sent
//   at once: how many got the turn (must be 1), how many 409, and how long the 50 answers took.
// `npm run bench -- waitlist` runs it as a section of bench.mjs.
import { pathToFileURL } from 'node:url';
import { percentile, post, round1, startWorker } from './lib.mjs';

const FREES = 20;
const WAITING = 3;
const RACERS = 50;
const MEDIC = { email: 'medic@clinic.test', password: 'Medic2026' };

/** Monday-to-Friday dates from five weeks on (past the demo's seeded turns), one a free. */
function workdays(count) {
  const out = [];
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 35);
  while (out.length < count) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

function api(baseUrl, token) {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        origin: baseUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

const LETTERS = (n) => String.fromCharCode(97 + Math.floor(n / 26), 97 + (n % 26));

async function waitingPatients(call, prefix, count, from, to) {
  const emails = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}.${Date.now()}@bench.test`;
    const patient = await call('POST', '/api/patients', {
      infoUser: {
        name: 'Bench',
        lastName: `Waiter${LETTERS(i)}`,
        document: String(70_000_000 + Math.floor(Math.random() * 9_000_000)),
        email,
        city: 'Springfield',
        street: 'Main',
        number: '1',
        postalCode: '1000',
        cellphone: '1155550000',
        telephone: '1145550000',
        birth: '1980-01-01',
      },
      infoPatient: { medicalService: 'OSDE' },
    });
    await call('POST', '/api/waitlist', { PatientID: patient.ID, from, to, part: 'morning' });
    emails.push(email);
  }
  return emails;
}

/** The offer mails of `date` in the outbox (its newest 50 rows) to any of `emails`, once there are `count`. */
async function offerMails(baseUrl, date, emails, count, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/dev/outbox`);
    const rows = await res.json();
    const mails = rows.filter((m) => emails.includes(m.to) && m.subject.includes(`has come free: ${date}`));
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`only ${mails.length} of ${count} offer mails for ${date}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function measureWaitlist() {
  const worker = await startWorker('waitlist');
  try {
    const { baseUrl } = worker;
    await post(baseUrl, '/api/dev/seed');
    const { token } = await post(baseUrl, '/api/login?bearer=true', MEDIC);
    const call = api(baseUrl, token);
    await call('PUT', '/api/Clinics', {
      waitlistGraceMinutes: 0,
      waitlistHoldMinutes: 15,
      waitlistBatch: WAITING,
    });
    const dates = workdays(FREES + 1);
    const lisa = await call('GET', '/api/patients?email=patient@clinic.test');
    const emails = await waitingPatients(call, 'waiter', WAITING, dates[0], dates[FREES - 1]);

    // Freed starts: book 9:00, cancel it, time each offer mail from the cancel's request.
    const delays = [];
    for (const date of dates.slice(0, FREES)) {
      const turn = await call('POST', '/api/turns', {
        date,
        time: 9,
        duration: 0.5,
        description: 'Bench free',
        PatientID: lisa.ID,
      });
      const freedAt = Date.now();
      await call('DELETE', `/api/turns/delete/${turn.ID}`);
      const mails = await offerMails(baseUrl, date, emails, WAITING);
      for (const m of mails) delays.push(Date.parse(m.createdAt) - freedAt);
    }
    delays.sort((a, b) => a - b);

    // The race: one start, 50 waiting patients, 50 claims at once.
    await call('PUT', '/api/Clinics', { waitlistBatch: RACERS });
    const raceDate = dates[FREES];
    const racers = await waitingPatients(call, 'racer', RACERS, raceDate, raceDate);
    const turn = await call('POST', '/api/turns', {
      date: raceDate,
      time: 10,
      duration: 0.5,
      description: 'Bench race',
      PatientID: lisa.ID,
    });
    await call('DELETE', `/api/turns/delete/${turn.ID}`);
    const mails = await offerMails(baseUrl, raceDate, racers, RACERS);
    const links = mails.map((m) => /\/api\/waitlist\/offers\/[A-Za-z0-9_-]{43}/.exec(m.body)?.[0]);
    const started = performance.now();
    const statuses = await Promise.all(
      links.map(async (path) => {
        const res = await fetch(`${baseUrl}${path}/claim`, { method: 'POST', headers: { origin: baseUrl } });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    const raceMs = round1(performance.now() - started);
    await call('PUT', '/api/Clinics', { waitlistGraceMinutes: 3, waitlistBatch: 3 });

    const figures = {
      freedToOfferMail: {
        frees: FREES,
        mails: delays.length,
        p50Ms: percentile(delays, 50),
        maxMs: delays.at(-1),
        goalMs: 60_000,
      },
      race: {
        claims: RACERS,
        won: statuses.filter((s) => s === 201).length,
        taken: statuses.filter((s) => s === 409).length,
        other: statuses.filter((s) => s !== 201 && s !== 409).length,
        allAnsweredMs: raceMs,
      },
      measuredAt: new Date().toISOString(),
    };
    const { freedToOfferMail: f, race: r } = figures;
    const lines = [
      {
        text: `waitlist freed start to offer mail (grace 0, the clinic object's alarm): p50 ${f.p50Ms} ms, max ${f.maxMs} ms over ${f.frees} frees, ${f.mails} mails (goal under 60 s)`,
        over: f.maxMs > f.goalMs,
      },
      {
        text: `waitlist race: ${r.claims} claims of one start at once: ${r.won} × 201, ${r.taken} × 409, ${r.other} other, all answered in ${r.allAnsweredMs} ms`,
        over: r.won !== 1 || r.taken !== RACERS - 1,
      },
    ];
    return { figures, lines };
  } finally {
    await worker.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { lines } = await measureWaitlist();
  for (const l of lines) console.log(l.text);
}
