import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  DEMO_ZONE,
  type ErrorBody,
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
import { weekdayOf } from '../../contract/slots';
import { localDate, localHours, nextDay } from '../../contract/turns';

let medic: string;
let otherMedic: string;
let patient: string;
let homerId: number;

/** A Monday-to-Friday date of its own for each test, from a week after tomorrow. */
const workday = workdays();

async function book(date: string, time: number, duration = 0.5): Promise<Turn> {
  const res = await call('/api/turns', {
    token: medic,
    body: { date, time, duration, description: 'Cleaning', PatientID: homerId },
  });
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
  return res.json<Turn>();
}

/** A turn written straight to the table (for dates the API would refuse to book). */
async function insertRaw(date: string, time: number, medicAccepts: boolean): Promise<number> {
  const row = await env.DB.prepare(
    'insert into turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id) values (?, ?, 0.5, ?, ?, 1, 1, ?) returning id',
  )
    .bind(date, time, 'Raw', medicAccepts ? 1 : 0, homerId)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

const move = (id: number, body: Record<string, unknown>, token = medic) =>
  call(`/api/turns/move/${id}`, { method: 'PUT', token, body });

/** A start two hours from now on the clinic's clock (always within the 24-hour notice). */
function soonSlot(): { date: string; time: number } {
  const at = new Date(Date.now() + 2 * 3_600_000);
  return { date: localDate(at, DEMO_ZONE), time: Math.floor(localHours(at, DEMO_ZONE) * 4) / 4 };
}

const lastMail = () =>
  env.DB.prepare('select * from outbox order by id desc limit 1').first<{
    to: string;
    subject: string;
    body: string;
  }>();

const turnAt = (id: number) =>
  env.DB.prepare('select date, time, medic_accepts, patient_accepts from turns where id = ?')
    .bind(id)
    .first<{ date: string; time: number; medic_accepts: number; patient_accepts: number }>();

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  const record = newMedicRecord('31222333', 'other.medic.move@clinic.test');
  expect((await call('/api/medics', { token: medic, body: record })).status).toBe(201);
  otherMedic = await signIn(record.infoUser.email, record.infoUser.password);
  homerId = await addPatient(medic, {
    name: 'Homer',
    lastName: 'Simpson',
    document: '30111333',
    email: 'homer.move@clinic.test',
    cellphone: '1155550111',
    telephone: '1145550111',
    birth: '1956-05-12',
  });
});

describe('PUT /api/turns/move/{id}', () => {
  test('moves a turn to a free slot; the patient must accept it again and is mailed', async () => {
    const date = workday();
    const turn = await book(date, 9);
    await env.DB.prepare('update turns set patient_accepts = 1 where id = ?').bind(turn.ID).run();
    const to = workday();
    const res = await move(turn.ID, { date: to, time: 15.5 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ID: turn.ID,
      date: to,
      time: 15.5,
      duration: 0.5,
      medicAccepts: true,
      patientAccepts: false,
    });
    const mail = await env.DB.prepare('select * from outbox order by id desc limit 1').first<{
      to: string;
      subject: string;
      body: string;
    }>();
    expect(mail?.to).toBe('homer.move@clinic.test');
    expect(mail?.subject).toContain('was moved');
    expect(mail?.body).toContain(`Date: ${longDate(to)}`);
    expect(mail?.body).toContain('Time: 15:30');
  });

  test('only medics move turns', async () => {
    const turn = await book(workday(), 9);
    const res = await move(turn.ID, { date: workday(), time: 10 }, patient);
    expect(res.status).toBe(403);
    expect((await turnAt(turn.ID))?.time).toBe(9);
  });

  test('an unknown turn is 404; a bad body is 422', async () => {
    expect((await move(999_999, { date: workday(), time: 10 })).status).toBe(404);
    const turn = await book(workday(), 9);
    const bad = await move(turn.ID, { date: 'soon', time: 30 });
    expect(bad.status).toBe(422);
  });

  test('before today: Choose a date from tomorrow onwards.; earlier today: Choose a start later than now.', async () => {
    const turn = await book(workday(), 9);
    const yesterday = localDate(new Date(Date.now() - 86_400_000), DEMO_ZONE);
    const res = await move(turn.ID, { date: yesterday, time: 10 });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.chooseFromTomorrow);
    const earlier = await move(turn.ID, { date: localDate(new Date(), DEMO_ZONE), time: 0 });
    expect(earlier.status).toBe(422);
    expect((await earlier.json<ErrorBody>()).msg).toBe(MSG.startLaterThanNow);
    expect(await turnAt(turn.ID)).toMatchObject({ time: 9 });
  });

  test('outside office hours or onto another turn: Out of office hours or already taken.', async () => {
    const date = workday();
    const turn = await book(date, 9);
    const other = await book(date, 10, 1);
    for (const to of [
      { date, time: 17.75 }, // runs past closing
      { date, time: 12.75 }, // runs into the lunch break
      { date, time: 10.5 }, // inside the other turn
      { date, time: 9.75 }, // its end overlaps the other turn's start
    ]) {
      const res = await move(turn.ID, to);
      expect(res.status, JSON.stringify(to)).toBe(409);
      expect((await res.json<ErrorBody>()).msg).toBe(MSG.outOfOfficeHoursOrTaken);
    }
    let saturday = date;
    while (weekdayOf(saturday) !== 6) saturday = nextDay(saturday);
    expect((await move(turn.ID, { date: saturday, time: 9 })).status).toBe(409);
    expect(await turnAt(turn.ID)).toMatchObject({ date, time: 9 });
    // touching the other turn's end is fine, and so is a slot overlapping only the turn itself
    expect((await move(turn.ID, { date, time: 11 })).status).toBe(200);
    expect((await move(turn.ID, { date, time: 11.25 })).status).toBe(200);
    expect(await turnAt(other.ID)).toMatchObject({ date, time: 10 });
  });

  test('onto the start of a turn stored with a near-zero duration (before durations had a minimum): refused', async () => {
    const date = workday();
    const turn = await book(date, 9);
    const other = await book(date, 10);
    await env.DB.prepare('update turns set duration = ? where id = ?').bind(1e-300, other.ID).run();
    const res = await move(turn.ID, { date, time: 10 });
    expect(res.status).toBe(409);
    expect(await turnAt(turn.ID)).toMatchObject({ date, time: 9 });
  });

  test('the turn’s medic moves an accepted turn 2 hours away (the 24-hour rule binds the patient only)', async () => {
    const soon = soonSlot();
    const accepted = await insertRaw(soon.date, soon.time, true);
    const to = workday();
    const res = await move(accepted, { date: to, time: 9 });
    expect(res.status).toBe(200);
    expect(await turnAt(accepted)).toMatchObject({ date: to, time: 9, medic_accepts: 1, patient_accepts: 0 });
    const mail = await lastMail();
    expect(mail?.to).toBe('homer.move@clinic.test');
    expect(mail?.subject).toContain('was moved');
    expect(mail?.body).toContain(`Date: ${longDate(to)}`);
  });

  test('another approved medic (the front desk) moves it too, and the mail says who; a started turn no longer moves', async () => {
    const turn = await book(workday(), 9);
    const to = workday();
    const res = await move(turn.ID, { date: to, time: 10 }, otherMedic);
    expect(res.status).toBe(200);
    expect(await turnAt(turn.ID)).toMatchObject({ date: to, time: 10 });
    const mail = await lastMail();
    expect(mail?.body).toContain('Moved by: Dr. Julius Hibbert');

    const yesterday = localDate(new Date(Date.now() - 86_400_000), DEMO_ZONE);
    const past = await insertRaw(yesterday, 9, true);
    const late = await move(past, { date: workday(), time: 9 });
    expect(late.status).toBe(409);
    expect((await late.json<ErrorBody>()).msg).toBe(MSG.turnStarted);
    expect(await turnAt(past)).toMatchObject({ date: yesterday, time: 9 });
  });

  test('N moves racing into one slot: exactly one wins', async () => {
    const date = workday();
    const target = workday();
    const turns = await Promise.all([9, 10, 11, 12, 14, 15].map((t) => book(date, t)));
    const results = await Promise.all(turns.map((t) => move(t.ID, { date: target, time: 16 })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const there = await env.DB.prepare('select count(*) as n from turns where date = ?')
      .bind(target)
      .first<{ n: number }>();
    expect(there?.n).toBe(1);
  });
});
