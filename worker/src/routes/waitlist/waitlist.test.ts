import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import {
  addPatient,
  call,
  type ErrorBody,
  freshPerson,
  newMedicRecord,
  seed,
  signIn,
  signInMedic,
  signInPatient,
  workdays,
} from '../../../test/helpers';
import type { Turn } from '../../contract/answers';
import { longDate } from '../../contract/dates';
import { MSG } from '../../contract/messages';
import type { WaitlistEntry } from '../../contract/waitlist';
import { runOffers } from '../../services/waitlist/offers';

let medic: string;
let patient: string;
let demoPatientId: number;
let otherPatientId: number;
const workday = workdays();
const MINUTE = 60_000;

const setClinic = (grace: number, hold: number, batch: number) =>
  env.DB.prepare(
    'update clinics set waitlist_grace_minutes = ?, waitlist_hold_minutes = ?, waitlist_batch = ?',
  )
    .bind(grace, hold, batch)
    .run();

const lastOutboxId = async () =>
  (await env.DB.prepare('select coalesce(max(id), 0) as n from outbox').first<{ n: number }>())?.n ?? 0;

/** The offer tokens mailed since outbox row `after`, by recipient. */
async function offerTokens(after: number): Promise<Map<string, string>> {
  const { results } = await env.DB.prepare(
    'select "to" as recipient, body from outbox where id > ? and subject like \'%has come free%\' order by id',
  )
    .bind(after)
    .all<{ recipient: string; body: string }>();
  const tokens = new Map<string, string>();
  for (const r of results) {
    const token = /\/api\/waitlist\/offers\/([A-Za-z0-9_-]{43})/.exec(r.body)?.[1];
    if (token) tokens.set(r.recipient, token);
  }
  return tokens;
}

/** A medic's turn at 9:00 on `date` for `patientId`, then cancelled by the medic: the start is freed. */
async function freeNine(date: string, patientId = otherPatientId): Promise<Turn> {
  const res = await call('/api/turns', {
    token: medic,
    body: { date, time: 9, duration: 0.5, description: 'Cleaning', PatientID: patientId },
  });
  expect(res.status).toBe(201);
  const turn = await res.json<Turn>();
  expect((await call(`/api/turns/delete/${turn.ID}`, { token: medic, method: 'DELETE' })).status).toBe(200);
  return turn;
}

const join = (token: string, body: Record<string, unknown>) => call('/api/waitlist', { token, body });
const claim = (token: string) => call(`/api/waitlist/offers/${token}/claim`, { method: 'POST' });

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  demoPatientId = (await (await call('/api/me', { token: patient })).json<{ patientID: number }>()).patientID;
  otherPatientId = await addPatient(medic, {
    name: 'Ned',
    lastName: 'Flanders',
    document: '47000001',
    email: 'ned.waitlist@clinic.test',
    cellphone: '1155550901',
    telephone: '1145550901',
    birth: '1960-01-01',
  });
});

describe('the waitlist', () => {
  test('a patient joins (their own PatientID implied), sees only their entries and leaves one', async () => {
    const date = workday();
    const res = await join(patient, { from: date, to: date, part: 'morning', PatientID: otherPatientId });
    expect(res.status).toBe(201);
    const entry = await res.json<WaitlistEntry>();
    expect(entry).toMatchObject({
      PatientID: demoPatientId,
      from: date,
      to: date,
      part: 'morning',
      offers: [],
    });
    expect(entry.days).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const byDesk = await join(medic, { PatientID: otherPatientId, from: date, to: date, days: [1, 2] });
    expect(byDesk.status).toBe(201);
    const deskEntry = await byDesk.json<WaitlistEntry>();

    const mine = await (await call('/api/waitlist', { token: patient })).json<WaitlistEntry[]>();
    expect(mine.every((e) => e.PatientID === demoPatientId)).toBe(true);
    const all = await (await call('/api/waitlist', { token: medic })).json<WaitlistEntry[]>();
    expect(all.map((e) => e.ID)).toEqual(expect.arrayContaining([entry.ID, deskEntry.ID]));

    // Another patient's entry is not found; the patient's own goes.
    expect((await call(`/api/waitlist/${deskEntry.ID}`, { token: patient, method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await call(`/api/waitlist/${entry.ID}`, { token: patient, method: 'DELETE' })).status).toBe(200);
    expect((await call(`/api/waitlist/${deskEntry.ID}`, { token: medic, method: 'DELETE' })).status).toBe(
      200,
    );
  });

  test('bad windows are 422 with the field named; the desk must name a patient', async () => {
    const date = workday();
    let res = await join(patient, { from: date, to: '2020-01-01' });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors?.to?.msg).toBe(MSG.waitlistToBeforeFrom);
    res = await join(patient, { from: date, to: date, part: 'night' });
    expect(res.status).toBe(422);
    res = await join(patient, { from: date, to: date, days: [7] });
    expect(res.status).toBe(422);
    res = await join(medic, { from: date, to: date });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors?.PatientID).toBeDefined();
    // a window already over waits for nothing
    res = await join(patient, { from: '2020-01-01', to: '2020-01-31' });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors?.to?.msg).toBe(MSG.waitlistPast);
  });
});

describe('waitlist settings in GET and PUT /api/Clinics', () => {
  test('defaults 3 / 15 / 3; a medic changes them; out-of-range values are 422', async () => {
    await setClinic(3, 15, 3);
    const got = await (await call('/api/Clinics', { token: medic })).json<Record<string, unknown>>();
    expect(got).toMatchObject({ waitlistGraceMinutes: 3, waitlistHoldMinutes: 15, waitlistBatch: 3 });
    const put = await call('/api/Clinics', {
      token: medic,
      method: 'PUT',
      body: { waitlistGraceMinutes: 0, waitlistHoldMinutes: 20, waitlistBatch: 5 },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      waitlistGraceMinutes: 0,
      waitlistHoldMinutes: 20,
      waitlistBatch: 5,
    });
    for (const bad of [
      { waitlistBatch: 0 },
      { waitlistHoldMinutes: 0 },
      { waitlistGraceMinutes: -1 },
      { waitlistBatch: 2.5 },
    ]) {
      const res = await call('/api/Clinics', { token: medic, method: 'PUT', body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    await setClinic(3, 15, 3);
  });
});

describe('offers of a freed start', () => {
  test('a re-booking inside the grace sends no offer', async () => {
    await setClinic(3, 15, 3);
    const date = workday();
    expect((await join(patient, { from: date, to: date })).status).toBe(201);
    const before = await lastOutboxId();
    const now = Date.now();
    await freeNine(date);
    // Re-booked a minute later, inside the three-minute grace.
    const again = await call('/api/turns', {
      token: medic,
      body: { date, time: 9, duration: 0.5, description: 'Cleaning', PatientID: otherPatientId },
    });
    expect(again.status).toBe(201);
    await runOffers(env, new Date(now + 4 * MINUTE));
    expect((await offerTokens(before)).size).toBe(0);
    const slot = await env.DB.prepare('select status from freed_slots where date = ? order by id desc')
      .bind(date)
      .first<{ status: string }>();
    expect(slot?.status).toBe('withdrawn');
  });

  // 50 patients, 50 entries and 50 claims: more than the default 5 s on a busy machine.
  test('50 simultaneous claims of one start offered to 50 waiting patients: exactly one turn, 49 × 409', {
    timeout: 60_000,
  }, async () => {
    // The grace is long here so that only this test's run (at a later clock) sends the round.
    await setClinic(60, 15, 50);
    const date = workday();
    const ids: number[] = [];
    for (let i = 0; i < 50; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: 10 }, (_, k) =>
          addPatient(medic, {
            name: 'Wait',
            lastName: `Er${String.fromCharCode(97 + Math.floor((i + k) / 26), 97 + ((i + k) % 26))}`,
            document: freshPerson().document,
            email: `waiter${i + k}@clinic.test`,
            cellphone: '1155550000',
            telephone: '1145550000',
            birth: '1990-01-01',
          }),
        ),
      );
      ids.push(...batch);
    }
    for (const id of ids) {
      expect((await join(medic, { PatientID: id, from: date, to: date, part: 'morning' })).status).toBe(201);
    }
    const before = await lastOutboxId();
    const now = Date.now();
    await freeNine(date);
    await runOffers(env, new Date(now + 61 * MINUTE));
    const tokens = [...(await offerTokens(before)).values()];
    expect(tokens).toHaveLength(50);

    const answers = await Promise.all(tokens.map((t) => claim(t)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const lost = answers.find((r) => r.status === 409);
    expect((await lost?.json<ErrorBody>())?.msg).toBe(MSG.offerTaken);
    const won = await answers.find((r) => r.status === 201)?.json<Turn>();
    expect(won).toMatchObject({ date, time: 9, medicAccepts: true, patientAccepts: true });

    const turns = await env.DB.prepare('select count(*) as n from turns where date = ? and time = 9')
      .bind(date)
      .first<{ n: number }>();
    expect(turns?.n).toBe(1);
    // The others stay on the list.
    const waiting = await env.DB.prepare(
      'select count(*) as n from waitlist where from_date = ? and booked_turn_id is null',
    )
      .bind(date)
      .first<{ n: number }>();
    expect(waiting?.n).toBe(49);
    // The winner's link used again is refused.
    const winnerToken = tokens[answers.findIndex((r) => r.status === 201)] ?? '';
    expect((await claim(winnerToken)).status).toBe(409);
  });

  test('after the hold an offer is refused (410) and the next waiting patient is offered the start', async () => {
    await setClinic(0, 15, 1);
    const date = workday();
    const first = await join(medic, { PatientID: otherPatientId, from: date, to: date });
    expect(first.status).toBe(201);
    expect((await join(patient, { from: date, to: date })).status).toBe(201);
    const before = await lastOutboxId();
    // The start was freed 40 minutes ago: its first round went out then, and its hold is over.
    const past = Date.now() - 40 * MINUTE;
    const turn = await freeNine(date);
    await env.DB.prepare('update freed_slots set next_at = ? where date = ? and time = ?')
      .bind(new Date(past).toISOString(), turn.date, turn.time)
      .run();
    await runOffers(env, new Date(past + 1000));
    const round1 = await offerTokens(before);
    expect([...round1.keys()]).toEqual(['ned.waitlist@clinic.test']);
    const expired = await claim([...round1.values()][0] ?? '');
    expect(expired.status).toBe(410);
    expect((await expired.json<ErrorBody>()).msg).toBe(MSG.offerExpired);

    // The next round goes to the next waiting patient (the clinic's alarm may have sent it already,
    // on a busy machine, before this call: either way it is there, once).
    // If the alarm is sending it at this moment, this call finds nothing to do: wait for its mail.
    await runOffers(env, new Date());
    const round2 = await vi.waitFor(
      async () => {
        const tokens = await offerTokens(before);
        expect([...tokens.keys()].sort()).toEqual(['ned.waitlist@clinic.test', 'patient@clinic.test']);
        return tokens;
      },
      { timeout: 5000, interval: 100 },
    );
    const taken = await claim(round2.get('patient@clinic.test') ?? '');
    expect(taken.status).toBe(201);
    // The waitlist screen shows each entry's offers and what became of them.
    const all = await (await call('/api/waitlist', { token: medic })).json<WaitlistEntry[]>();
    const states = all.filter((e) => e.from === date).flatMap((e) => e.offers.map((o) => o.state));
    expect(states.sort()).toEqual(['expired', 'won']);
  });

  test('the batch counts patients: one with two fitting entries takes one place of two', async () => {
    await setClinic(0, 15, 2);
    const date = workday();
    // Ned's two entries come first; the demo patient's third entry still gets the second place.
    expect((await join(medic, { PatientID: otherPatientId, from: date, to: date })).status).toBe(201);
    expect(
      (await join(medic, { PatientID: otherPatientId, from: date, to: date, part: 'morning' })).status,
    ).toBe(201);
    expect((await join(patient, { from: date, to: date })).status).toBe(201);
    const before = await lastOutboxId();
    const now = Date.now();
    await freeNine(date);
    await runOffers(env, new Date(now + MINUTE));
    const round = await vi.waitFor(
      async () => {
        const tokens = await offerTokens(before);
        expect([...tokens.keys()].sort()).toEqual(['ned.waitlist@clinic.test', 'patient@clinic.test']);
        return tokens;
      },
      { timeout: 5000, interval: 100 },
    );
    expect(round.size).toBe(2);
    // The mail writes the date out, with its weekday and month, and says on which day the hold ends.
    const mail = await env.DB.prepare(
      "select subject, body from outbox where id > ? and subject like '%has come free%' order by id limit 1",
    )
      .bind(before)
      .first<{ subject: string; body: string }>();
    expect(mail?.subject).toContain(`${longDate(date)} at 09:00`);
    expect(mail?.body).toContain(`Date: ${longDate(date)}`);
    expect(mail?.body).toMatch(/holds until \d\d:\d\d on \w+day, /);
    expect(mail?.body).not.toContain(`Date: ${date}`);
  });

  test('hours opened: their new starts on a date a waiting patient covers go to the waitlist', async () => {
    await setClinic(3, 15, 3);
    const clinic = await (await call('/api/Clinics', { token: medic })).json<{ officeHours: string }>();
    const hours = JSON.parse(clinic.officeHours) as { min: number; max: number }[][];
    // A Saturday some weeks on, and a patient waiting for Saturdays around it.
    let saturday = workday();
    while (new Date(`${saturday}T00:00:00Z`).getUTCDay() !== 6) {
      saturday = new Date(Date.parse(`${saturday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    expect((await join(patient, { from: saturday, to: saturday, days: [6] })).status).toBe(201);
    const count = async () =>
      (
        await env.DB.prepare('select count(*) as n from freed_slots where date = ?')
          .bind(saturday)
          .first<{ n: number }>()
      )?.n ?? 0;
    // A change that opens nothing frees nothing.
    expect(
      (await call('/api/Clinics', { token: medic, method: 'PUT', body: { name: 'Demo Clinic' } })).status,
    ).toBe(200);
    expect(await count()).toBe(0);
    const opened = hours.map((day, i) => (i === 6 ? [{ min: 9, max: 11 }] : day));
    try {
      const res = await call('/api/Clinics', {
        token: medic,
        method: 'PUT',
        body: { officeHours: JSON.stringify(opened) },
      });
      expect(res.status).toBe(200);
      const { results } = await env.DB.prepare('select time from freed_slots where date = ? order by time')
        .bind(saturday)
        .all<{ time: number }>();
      expect(results.map((r) => r.time)).toEqual([9, 9.5, 10, 10.5]);
    } finally {
      await call('/api/Clinics', {
        token: medic,
        method: 'PUT',
        body: { officeHours: JSON.stringify(hours) },
      });
    }
  });

  test('an unknown offer link is 404; the offer page shows a button and changes nothing', async () => {
    expect((await claim('x'.repeat(43))).status).toBe(404);
    const page = await call(`/api/waitlist/offers/${'y'.repeat(43)}`);
    expect(page.status).toBe(404);
  });

  test('the desk offers a free start by hand: the round goes out at once', async () => {
    await setClinic(3, 15, 3);
    const date = workday();
    expect((await join(patient, { from: date, to: date })).status).toBe(201);
    const before = await lastOutboxId();
    const res = await call('/api/waitlist/offer', { token: medic, body: { date, time: 10, duration: 0.5 } });
    expect(res.status).toBe(201);
    expect((await res.json<{ offered: number }>()).offered).toBe(1);
    const tokens = await offerTokens(before);
    const token = tokens.get('patient@clinic.test') ?? '';
    const page = await call(`/api/waitlist/offers/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(MSG.offerClaimButton);
    // A start a turn stands on cannot be offered.
    const booked = await call('/api/turns', {
      token: medic,
      body: { date, time: 11, duration: 0.5, description: 'Cleaning', PatientID: otherPatientId },
    });
    expect(booked.status).toBe(201);
    const taken = await call('/api/waitlist/offer', {
      token: medic,
      body: { date, time: 11, duration: 0.5 },
    });
    expect(taken.status).toBe(409);
    expect(
      (await call('/api/waitlist/offer', { token: patient, body: { date, time: 10, duration: 0.5 } })).status,
    ).toBe(403);
  });

  test("the desk offers a start in another medic's book: the claimed turn is that medic's", async () => {
    await setClinic(3, 15, 3);
    const record = newMedicRecord('31222777', 'second.waitlist@clinic.test');
    expect((await call('/api/medics', { token: medic, body: record })).status).toBe(201);
    const second = await signIn(record.infoUser.email, record.infoUser.password);
    const secondId = (await (await call('/api/me', { token: second })).json<{ medicID: number }>()).medicID;
    const date = workday();
    // The demo medic's own turn at 10:00 does not take the second medic's 10:00.
    const own = await call('/api/turns', {
      token: medic,
      body: { date, time: 10, duration: 0.5, description: 'Cleaning', PatientID: otherPatientId },
    });
    expect(own.status).toBe(201);
    expect((await join(patient, { from: date, to: date })).status).toBe(201);
    const before = await lastOutboxId();
    const res = await call('/api/waitlist/offer', {
      token: medic,
      body: { date, time: 10, duration: 0.5, MedicID: secondId },
    });
    expect(res.status).toBe(201);
    const token = (await offerTokens(before)).get('patient@clinic.test') ?? '';
    const won = await claim(token);
    expect(won.status).toBe(201);
    expect(await won.json<Turn>()).toMatchObject({ date, time: 10, MedicID: secondId });
    // A medic the clinic does not have is 422 under MedicID.
    const unknown = await call('/api/waitlist/offer', {
      token: medic,
      body: { date, time: 11, duration: 0.5, MedicID: 9999 },
    });
    expect(unknown.status).toBe(422);
    expect((await unknown.json<ErrorBody>()).errors?.MedicID?.msg).toBe(MSG.unknownMedic);
  });
});
