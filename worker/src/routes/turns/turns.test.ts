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
import { firstBookableDate, localDate, localHours, nextDay } from '../../contract/turns';

let medic: string;
let otherMedic: string;
let patient: string;
let otherPatientId: number;
let demoPatientId: number;

/** A Monday-to-Friday date of its own for each test, from a week after tomorrow. */
const workday = workdays();

function saturdayAfter(date: string): string {
  let d = date;
  while (weekdayOf(d) !== 6) d = nextDay(d);
  return d;
}

const book = (token: string, body: Record<string, unknown>) => call('/api/turns', { token, body });

const turnBody = (date: string, extra: Record<string, unknown> = {}) => ({
  date,
  time: 9,
  duration: 0.5,
  description: 'Cleaning',
  medicAccepts: true,
  patientAccepts: false,
  MedicID: 1,
  PatientID: otherPatientId,
  email: 'ignored@clinic.test',
  ...extra,
});

const count = async (table: string): Promise<number> =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())?.n ?? 0;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  const record = newMedicRecord('31222444', 'other.medic.cancel@clinic.test');
  expect((await call('/api/medics', { token: medic, body: record })).status).toBe(201);
  otherMedic = await signIn(record.infoUser.email, record.infoUser.password);
  otherPatientId = await addPatient(medic, {
    name: 'Homer',
    lastName: 'Simpson',
    document: '30111222',
    email: 'homer@clinic.test',
    cellphone: '1155550111',
    telephone: '1145550111',
    birth: '1956-05-12',
  });
  const me = await (await call('/api/me', { token: patient })).json<{ patientID: number }>();
  demoPatientId = me.patientID;
});

describe('POST /api/turns by a medic', () => {
  test('books a turn inside office hours: the medic accepts, the patient is pending', async () => {
    const date = workday();
    const res = await book(medic, turnBody(date, { time: 9.5, duration: 0.75 }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      date,
      time: 9.5,
      duration: 0.75,
      description: 'Cleaning',
      medicAccepts: true,
      patientAccepts: false,
      PatientID: otherPatientId,
      isConsultation: false,
      budgetID: null,
      userPatient: { name: 'Homer', lastName: 'Simpson', document: '30111222' },
    });
  });

  test('a past date: Choose a date from tomorrow onwards.', async () => {
    // Yesterday on the clinic's clock (today is open to a medic for a start still ahead, so whether
    // a 09:30 start today is refused depends on the hour the test runs).
    const yesterday = localDate(new Date(Date.now() - 86_400_000), DEMO_ZONE);
    const res = await book(medic, turnBody('2020-01-06'));
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors?.date?.msg).toBe(MSG.chooseFromTomorrow);
    const again = await book(medic, turnBody(yesterday));
    expect(again.status).toBe(422);
  });

  test('outside office hours, on a closed day or overlapping: Out of office hours or already taken.', async () => {
    const date = workday();
    const late = await book(medic, turnBody(date, { time: 17.75, duration: 0.5 }));
    expect(late.status).toBe(409);
    expect((await late.json<ErrorBody>()).msg).toBe(MSG.outOfOfficeHoursOrTaken);
    const lunch = await book(medic, turnBody(date, { time: 12.5, duration: 1 }));
    expect(lunch.status).toBe(409);
    expect((await book(medic, turnBody(saturdayAfter(date)))).status).toBe(409);

    expect((await book(medic, turnBody(date, { time: 10, duration: 1 }))).status).toBe(201);
    const overlapping = await book(medic, turnBody(date, { time: 10.5, duration: 0.5 }));
    expect(overlapping.status).toBe(409);
    expect((await overlapping.json<ErrorBody>()).msg).toBe(MSG.outOfOfficeHoursOrTaken);
    // touching ends do not overlap
    expect((await book(medic, turnBody(date, { time: 11, duration: 0.5 }))).status).toBe(201);
    expect((await book(medic, turnBody(date, { time: 9.5, duration: 0.5 }))).status).toBe(201);
  });

  test.each(['1e-300', 1e-300, 0.01, 4 / 60, 0.5 + 1e-4, 12.5])(
    'duration %o is refused: whole minutes from 5 to 720 only',
    async (duration) => {
      const date = workday();
      const res = await book(medic, turnBody(date, { time: 10, duration }));
      expect(res.status).toBe(422);
      expect((await res.json<ErrorBody>()).errors?.duration?.msg).toBe(MSG.turnDurationInvalid);
    },
  );

  test('two near-zero turns cannot both start at 10:00', async () => {
    const date = workday();
    const statuses = [];
    for (let i = 0; i < 2; i++) {
      statuses.push((await book(medic, turnBody(date, { time: 10, duration: '1e-300' }))).status);
    }
    expect(statuses).not.toContain(201);
    // a turn stored before the rule (any duration) still blocks its start time
    await env.DB.prepare(
      `insert into turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id)
       values (?, 11, 1e-300, 'legacy', 1, 0, 1, ?)`,
    )
      .bind(date, otherPatientId)
      .run();
    const same = await book(medic, turnBody(date, { time: 11, duration: 5 / 60 }));
    expect(same.status).toBe(409);
  });

  test('five minutes is stored as exactly 5/60 hours', async () => {
    const date = workday();
    const res = await book(medic, turnBody(date, { time: 10, duration: '0.0833333333' }));
    expect(res.status).toBe(201);
    const { ID } = await res.json<{ ID: number }>();
    const row = await env.DB.prepare('select duration from turns where id = ?')
      .bind(ID)
      .first<{ duration: number }>();
    expect(row?.duration).toBe(5 / 60);
  });

  test('two requests racing for one slot give exactly one turn', async () => {
    const date = workday();
    const before = await count('turns');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => book(medic, turnBody(date, { time: 15 }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await count('turns')).toBe(before + 1);
  });

  test('every field has its message; nothing is written; ?validate=true only answers', async () => {
    const before = await count('turns');
    const res = await book(medic, { time: 'x', duration: 0, description: '' });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors).toMatchObject({
      date: { msg: MSG.turnDateRequired },
      time: { msg: MSG.turnTimeInvalid },
      duration: { msg: MSG.turnDurationInvalid },
      description: { msg: MSG.turnDescriptionRequired },
      PatientID: { msg: MSG.selectPatient },
    });
    const check = await call('/api/turns?validate=true', { token: medic, body: turnBody(workday()) });
    expect(check.status).toBe(200);
    expect(await check.json()).toMatchObject({ errors: {} });
    expect(await count('turns')).toBe(before);
  });

  test('an unknown patient is refused with Select a patient.', async () => {
    const res = await book(medic, turnBody(workday(), { PatientID: 999_999 }));
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors?.PatientID?.msg).toBe(MSG.selectPatient);
  });

  test("'#consult' makes a consultation with its budget: one line of 0101 at 1170, medic 1", async () => {
    const res = await book(medic, turnBody(workday(), { description: 'First visit #consult' }));
    expect(res.status).toBe(201);
    const turn = await res.json<Turn>();
    expect(turn).toMatchObject({ isConsultation: true, MedicID: 1, budgetPaid: false });
    const budget = await env.DB.prepare('select total_cents, paid from budgets where id = ?')
      .bind(turn.budgetID)
      .first();
    expect(budget).toEqual({ total_cents: 117_000, paid: 0 });
    const line = await env.DB.prepare(
      'select treatment_id, treatment_type, description, price_cents, quantity, sub_total_cents from budget_lines where budget_id = ?',
    )
      .bind(turn.budgetID)
      .first();
    expect(line).toEqual({
      treatment_id: '0101',
      treatment_type: 'consultas',
      description: 'consultation',
      price_cents: 117_000,
      quantity: 1,
      sub_total_cents: 117_000,
    });
  });

  test('a refused consultation leaves no budget behind', async () => {
    const date = workday();
    expect((await book(medic, turnBody(date, { time: 14 }))).status).toBe(201);
    const budgets = await count('budgets');
    const taken = await book(medic, turnBody(date, { time: 14, description: '#consult' }));
    expect(taken.status).toBe(409);
    expect(await count('budgets')).toBe(budgets);
  });
});

describe('a patient asks for a consultation (Appointment request)', () => {
  test('free slots of a date follow office hours, the standard duration and what is booked', async () => {
    const date = workday();
    expect((await book(medic, turnBody(date, { time: 9, duration: 1 }))).status).toBe(201);
    const res = await call(`/api/turns/free?date=${date}`, { token: patient });
    expect(res.status).toBe(200);
    const { slots } = await res.json<{ slots: number[] }>();
    expect(slots).toEqual([10, 10.5, 11, 11.5, 12, 12.5, 14, 14.5, 15, 15.5, 16, 16.5, 17, 17.5]);
    const saturday = await call(`/api/turns/free?date=${saturdayAfter(date)}`, { token: patient });
    expect((await saturday.json<{ slots: number[] }>()).slots).toEqual([]);
    const past = await call('/api/turns/free?date=2020-01-06', { token: patient });
    expect((await past.json<{ slots: number[] }>()).slots).toEqual([]);
  });

  test('one consultation of the standard length, pending the medic; a second one is refused', async () => {
    const date = workday();
    const res = await book(patient, { date, time: 11, PatientID: otherPatientId, duration: 5 });
    expect(res.status).toBe(201);
    const turn = await res.json<Turn>();
    expect(turn).toMatchObject({
      date,
      time: 11,
      duration: 0.5,
      PatientID: demoPatientId, // never someone else's, whatever the body says
      medicAccepts: false,
      patientAccepts: false,
      isConsultation: true,
      MedicID: 1,
      budgetPaid: false,
    });
    const second = await book(patient, { date: workday(), time: 11 });
    expect(second.status).toBe(409);
    expect((await second.json<ErrorBody>()).msg).toBe(MSG.alreadyHaveConsultation);

    // the patient accepts only once the consultation is paid; the medic accepts at once
    const early = await call(`/api/turns/update/${turn.ID}`, {
      method: 'PUT',
      token: patient,
      body: { time: 11, MedicID: 1, patientAccepts: true },
    });
    expect(early.status).toBe(409);
    expect((await early.json<ErrorBody>()).msg).toBe(MSG.payConsultationFirst);
    await env.DB.prepare('update budgets set paid = 1 where id = ?').bind(turn.budgetID).run();
    const accepted = await call(`/api/turns/update/${turn.ID}`, {
      method: 'PUT',
      token: patient,
      body: { time: 11, MedicID: 1, patientAccepts: true },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ patientAccepts: true, medicAccepts: false });
    const byMedic = await call(`/api/turns/update/${turn.ID}`, {
      method: 'PUT',
      token: medic,
      body: { time: 11, MedicID: 1, medicAccepts: true },
    });
    expect(await byMedic.json()).toMatchObject({ patientAccepts: true, medicAccepts: true });

    // tidy up: the patient's one consultation would block later tests
    await env.DB.prepare('delete from turns where id = ?').bind(turn.ID).run();
  });

  test('a patient sees only their own turns; another patient’s turn is 404 to read, accept or cancel', async () => {
    const theirs = await (await book(medic, turnBody(workday(), { time: 16 }))).json<Turn>();
    const mine = await (
      await book(medic, turnBody(workday(), { time: 16, PatientID: demoPatientId }))
    ).json<Turn>();
    const list = await (await call('/api/turns', { token: patient })).json<Turn[]>();
    expect(list.map((t) => t.PatientID)).toEqual(list.map(() => demoPatientId));
    expect(list.map((t) => t.ID)).toContain(mine.ID);
    expect((await call(`/api/turns/search?ID=${otherPatientId}`, { token: patient })).status).toBe(404);
    const mineSearch = await call(`/api/turns/search?ID=${demoPatientId}`, { token: patient });
    expect((await mineSearch.json<Turn[]>()).map((t) => t.ID)).toContain(mine.ID);
    const accept = await call(`/api/turns/update/${theirs.ID}`, {
      method: 'PUT',
      token: patient,
      body: { patientAccepts: true },
    });
    expect(accept.status).toBe(404);
    expect((await call(`/api/turns/delete/${theirs.ID}`, { method: 'DELETE', token: patient })).status).toBe(
      404,
    );
    expect((await call('/api/turns')).status).toBe(401);
  });
});

describe('cancel', () => {
  async function insertRaw(
    date: string,
    time: number,
    medicAccepts: boolean,
    patientId = otherPatientId,
  ): Promise<number> {
    const row = await env.DB.prepare(
      'insert into turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id) values (?, ?, 0.5, ?, ?, 0, 1, ?) returning id',
    )
      .bind(date, time, 'Soon', medicAccepts ? 1 : 0, patientId)
      .first<{ id: number }>();
    return row?.id ?? 0;
  }

  test('the turn’s medic cancels an accepted turn 2 hours away; the patient is mailed the cancellation', async () => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    const date = localDate(at, DEMO_ZONE);
    const time = Math.floor(localHours(at, DEMO_ZONE) * 4) / 4;
    const id = await insertRaw(date, time, true);
    const res = await call(`/api/turns/delete/${id}`, { method: 'DELETE', token: medic });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ID: id, deleted: true });
    expect(await env.DB.prepare('select id from turns where id = ?').bind(id).first()).toBeNull();
    const mail = await env.DB.prepare('select * from outbox order by id desc limit 1').first<{
      to: string;
      subject: string;
      body: string;
    }>();
    expect(mail?.to).toBe('homer@clinic.test');
    expect(mail?.subject).toContain('was cancelled');
    expect(mail?.body).toContain(`Date: ${longDate(date)}`);
    expect(mail?.body).toContain('Cancelled by: Dr. Gregory House');
  });

  test('the patient still gets the 24-hour refusal; another approved medic cancels; a started turn stays', async () => {
    // tomorrow at 00:00 in the clinic's zone is always less than a day away
    const id = await insertRaw(firstBookableDate(new Date(), DEMO_ZONE), 0, true, demoPatientId);
    const mine = await call(`/api/turns/delete/${id}`, { method: 'DELETE', token: patient });
    expect(mine.status).toBe(409);
    expect((await mine.json<ErrorBody>()).msg).toBe(MSG.cancelNotice);
    expect(await env.DB.prepare('select id from turns where id = ?').bind(id).first()).not.toBeNull();
    const theirs = await call(`/api/turns/delete/${id}`, { method: 'DELETE', token: otherMedic });
    expect(theirs.status).toBe(200);
    expect(await env.DB.prepare('select id from turns where id = ?').bind(id).first()).toBeNull();

    const past = await insertRaw(localDate(new Date(Date.now() - 86_400_000), DEMO_ZONE), 9, false);
    const late = await call(`/api/turns/delete/${past}`, { method: 'DELETE', token: medic });
    expect(late.status).toBe(409);
    expect((await late.json<ErrorBody>()).msg).toBe(MSG.turnStarted);
  });

  test('a soon turn the medic has not accepted, or any turn further away, is deleted with its unpaid budget', async () => {
    const soon = await insertRaw(firstBookableDate(new Date(), DEMO_ZONE), 0.5, false, demoPatientId);
    const res = await call(`/api/turns/delete/${soon}`, { method: 'DELETE', token: patient });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ID: soon, deleted: true });

    const far = await (await book(medic, turnBody(workday(), { description: '#consult' }))).json<Turn>();
    const gone = await call(`/api/turns/delete/${far.ID}`, { method: 'DELETE', token: medic });
    expect(gone.status).toBe(200);
    expect(await env.DB.prepare('select id from budgets where id = ?').bind(far.budgetID).first()).toBeNull();
    expect((await call(`/api/turns/delete/${far.ID}`, { method: 'DELETE', token: medic })).status).toBe(404);
  });
});

describe('GET /api/turns (the calendar)', () => {
  test('a date range, in date and time order, paged with X-Total-Count', async () => {
    const date = workday();
    for (const time of [16, 9, 12]) {
      expect((await book(medic, turnBody(date, { time }))).status).toBe(201);
    }
    const res = await call(`/api/turns?from=${date}&to=${date}&limit=2`, { token: medic });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('3');
    expect((await res.json<Turn[]>()).map((t) => t.time)).toEqual([9, 12]);
    const rest = await call(`/api/turns?from=${date}&to=${date}&limit=2&offset=2`, { token: medic });
    expect((await rest.json<Turn[]>()).map((t) => t.time)).toEqual([16]);
    expect((await call('/api/turns?from=2026-13-01', { token: medic })).status).toBe(422);
    expect((await call('/api/turns?limit=201', { token: medic })).status).toBe(422);
  });

  test('a medic waiting for approval may not see turns', async () => {
    const signUp = await call('/api/medics', {
      body: {
        infoUser: {
          document: '28999111',
          name: 'Julius',
          lastName: 'Hibbert',
          birth: '1961-04-02',
          street: 'Main',
          number: '1',
          city: 'Springfield',
          postalCode: '4000',
          telephone: '011 4555 0199',
          cellphone: '011 15 5555 0199',
          email: 'hibbert.turns@clinic.test',
          password: 'Welcome2026',
          confirmPassword: 'Welcome2026',
        },
        infoMedic: { title: 'Dr.', specialization: 'GP', tuition_date: '1990-06-01', tuition_number: '4455' },
        infoClinic: {
          logo: 'https://example.com/logo.png',
          name: 'Demo Clinic',
          street: 'Main',
          number: '1',
          city: 'Springfield',
          postalCode: '4000',
          telephone: '011 4555 0100',
          email: 'clinic@clinic.test',
          hours: 'Mon-Fri 9-18',
        },
      },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const waiting = await signIn('hibbert.turns@clinic.test', 'Welcome2026');
    expect((await call('/api/turns', { token: waiting })).status).toBe(403);
  });
});
