import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  type ErrorBody,
  newMedicRecord,
  seed,
  signIn,
  signInMedic,
  workdays,
} from '../../../test/helpers';
import type { Turn } from '../../contract/answers';
import { longDate } from '../../contract/dates';
import { MSG } from '../../contract/messages';
import { formatOfficeHours } from '../../contract/office-hours';
import { localDate, localHours } from '../../contract/turns';

let house: string; // the demo medic, medic 1
let desk: string; // another approved medic: the front desk
let deskMedicId: number;
let waiting: string; // a medic still waiting for approval
let homerId: number;

const workday = workdays();

const book = (token: string, body: Record<string, unknown>) => call('/api/turns', { token, body });
const turnBody = (date: string, time: number, extra: Record<string, unknown> = {}) => ({
  date,
  time,
  duration: 30 / 60,
  description: 'Cleaning',
  PatientID: homerId,
  ...extra,
});

const lastMail = () =>
  env.DB.prepare('select * from outbox order by id desc limit 1').first<{
    to: string;
    subject: string;
    body: string;
    calendar: string | null;
  }>();

beforeAll(async () => {
  await seed();
  house = await signInMedic();
  const record = newMedicRecord('31222555', 'desk.medic@clinic.test');
  expect((await call('/api/medics', { token: house, body: record })).status).toBe(201);
  desk = await signIn(record.infoUser.email, record.infoUser.password);
  deskMedicId = (await (await call('/api/me', { token: desk })).json<{ medicID: number }>()).medicID;
  // a medic who signed up on their own waits for approval
  const own = newMedicRecord('31222556', 'waiting.medic@clinic.test');
  const signUp = await call('/api/medics', {
    body: {
      ...own,
      infoUser: { ...own.infoUser, confirmPassword: own.infoUser.password },
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
  waiting = await signIn(own.infoUser.email, own.infoUser.password);
  homerId = await addPatient(house, {
    name: 'Homer',
    lastName: 'Simpson',
    document: '30111555',
    email: 'homer.desk@clinic.test',
    cellphone: '1155550111',
    telephone: '1145550111',
    birth: '1956-05-12',
  });
});

describe('the front desk books for any medic', () => {
  test("the desk books a patient in another medic's book; the patient is mailed, with an invitation that parses", async () => {
    const date = workday();
    const res = await book(desk, turnBody(date, 9.5, { MedicID: 1 }));
    expect(res.status).toBe(201);
    const turn = await res.json<Turn>();
    expect(turn).toMatchObject({ MedicID: 1, medicAccepts: true, patientAccepts: false, confirmedBy: null });
    const mail = await lastMail();
    expect(mail?.to).toBe('homer.desk@clinic.test');
    expect(mail?.body).toContain('Booked by: Dr. Julius Hibbert');
    // and whose chair it is: the turn's medic, not the desk's
    expect(mail?.body).toContain('With: Dr. Gregory House');
    expect(mail?.body).toContain(`Date: ${longDate(date)}`);
    expect(mail?.body).toContain('Time: 09:30');
    const calendar = new ICAL.Component(ICAL.parse(mail?.calendar ?? ''));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toContain(`turn-${turn.ID}@`);
    expect(event.summary).toContain('Dr. Gregory House');
    // booked by the desk, still waiting for the patient: tentative in their calendar
    expect(calendar.getFirstSubcomponent('vevent')?.getFirstPropertyValue('status')).toBe('TENTATIVE');
    // the access log says who did it
    const row = await env.DB.prepare(
      "select u.email from audit_log a join users u on u.id = a.user_id where a.action = 'create turn' order by a.id desc limit 1",
    ).first<{ email: string }>();
    expect(row?.email).toBe('desk.medic@clinic.test');
  });

  test('without MedicID the turn is the booking medic’s; an unknown or unapproved medic is refused', async () => {
    const date = workday();
    const own = await book(desk, turnBody(date, 9));
    expect((await own.json<Turn>()).MedicID).toBe(deskMedicId);
    const waitingId = (await (await call('/api/me', { token: waiting })).json<{ medicID: number }>()).medicID;
    for (const MedicID of [999_999, waitingId, 'x']) {
      const res = await book(desk, turnBody(date, 11, { MedicID }));
      expect(res.status, String(MedicID)).toBe(422);
      expect((await res.json<ErrorBody>()).errors?.MedicID?.msg).toBe(MSG.unknownMedic);
    }
  });

  test('two medics hold turns at the same time; the same medic cannot; free starts are per medic', async () => {
    const date = workday();
    expect((await book(desk, turnBody(date, 10, { MedicID: 1 }))).status).toBe(201);
    expect((await book(desk, turnBody(date, 10, { MedicID: deskMedicId }))).status).toBe(201);
    const clash = await book(house, turnBody(date, 10, { MedicID: 1 }));
    expect(clash.status).toBe(409);
    const free = async (medicId: number) =>
      (
        await (
          await call(`/api/turns/free?date=${date}&MedicID=${medicId}`, { token: desk })
        ).json<{
          slots: number[];
        }>()
      ).slots;
    expect(await free(1)).not.toContain(10);
    expect(await free(1)).toContain(9);
    expect(await free(deskMedicId)).not.toContain(10);
    const third = await book(desk, turnBody(date, 10.5, { MedicID: 1 }));
    expect(third.status).toBe(201);
    expect(await free(deskMedicId)).toContain(10.5);
  });

  test("any approved medic accepts, confirms by phone, moves and cancels another medic's turn", async () => {
    const date = workday();
    const created = await (await book(house, turnBody(date, 14))).json<Turn>();
    // confirmed by phone, for the patient
    const confirm = await call(`/api/turns/update/${created.ID}`, {
      method: 'PUT',
      token: desk,
      body: { patientAccepts: true, confirmedBy: 'phone' },
    });
    expect(confirm.status).toBe(200);
    // The turn answers who confirmed (the desk's medic, not the turn's) and how.
    expect(await confirm.json<Turn>()).toMatchObject({
      patientAccepts: true,
      confirmedBy: 'phone',
      confirmedByMedicID: deskMedicId,
    });
    expect(created.confirmedByMedicID).toBeNull();
    const bad = await call(`/api/turns/update/${created.ID}`, {
      method: 'PUT',
      token: desk,
      body: { patientAccepts: true, confirmedBy: 'fax' },
    });
    expect(bad.status).toBe(422);
    // moved by the desk: the patient must accept again, and is mailed with the invitation
    const to = workday();
    const moved = await call(`/api/turns/move/${created.ID}`, {
      method: 'PUT',
      token: desk,
      body: { date: to, time: 15 },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json<Turn>()).toMatchObject({
      date: to,
      time: 15,
      patientAccepts: false,
      confirmedBy: null,
      confirmedByMedicID: null,
    });
    const moveMail = await lastMail();
    expect(moveMail?.subject).toContain('was moved');
    expect(moveMail?.body).toContain('Moved by: Dr. Julius Hibbert');
    // the time it was at, and the new one
    expect(moveMail?.body).toContain(`Was: ${longDate(date)} at 14:00`);
    expect(moveMail?.body).toContain(`Date: ${longDate(to)}`);
    expect(new ICAL.Component(ICAL.parse(moveMail?.calendar ?? '')).getFirstPropertyValue('method')).toBe(
      'REQUEST',
    );
    // cancelled by the desk
    const del = await call(`/api/turns/delete/${created.ID}`, { method: 'DELETE', token: desk });
    expect(del.status).toBe(200);
    const cancelMail = await lastMail();
    expect(cancelMail?.subject).toContain('was cancelled');
    expect(new ICAL.Component(ICAL.parse(cancelMail?.calendar ?? '')).getFirstPropertyValue('method')).toBe(
      'CANCEL',
    );
  });

  test('a medic waiting for approval can neither book, confirm, move nor cancel', async () => {
    const date = workday();
    const created = await (await book(house, turnBody(date, 16))).json<Turn>();
    expect((await book(waiting, turnBody(date, 17, { MedicID: 1 }))).status).toBe(403);
    const id = created.ID;
    const answers = await Promise.all([
      call(`/api/turns/update/${id}`, {
        method: 'PUT',
        token: waiting,
        body: { patientAccepts: true, confirmedBy: 'phone' },
      }),
      call(`/api/turns/move/${id}`, { method: 'PUT', token: waiting, body: { date: workday(), time: 9 } }),
      call(`/api/turns/delete/${id}`, { method: 'DELETE', token: waiting }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403]);
    const row = await env.DB.prepare('select date, time, patient_accepts from turns where id = ?')
      .bind(id)
      .first<{ date: string; time: number; patient_accepts: number }>();
    expect(row).toEqual({ date, time: 16, patient_accepts: 0 });
  });
});

describe('a medic books later today', () => {
  test('a start later today is taken, an earlier one is refused (the clinic open all day, its clock at midday)', async () => {
    // A zone where it is now about midday, and hours open every day, so the test holds at any hour.
    const utcHour = new Date().getUTCHours();
    const offset = 12 - utcHour; // hours ahead of UTC
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const before = await env.DB.prepare('select time_zone, office_hours from clinics where id = 1').first<{
      time_zone: string;
      office_hours: string;
    }>();
    const allDay = formatOfficeHours(Array.from({ length: 7 }, () => [{ min: 6, max: 22 }]));
    await env.DB.prepare('update clinics set time_zone = ?, office_hours = ? where id = 1')
      .bind(zone, allDay)
      .run();
    try {
      const now = new Date();
      const today = localDate(now, zone);
      const hour = localHours(now, zone);
      const later = Math.ceil(hour + 1);
      const earlier = Math.floor(hour - 1);
      const taken = await book(desk, turnBody(today, later));
      expect(taken.status, await taken.clone().text()).toBe(201);
      const refused = await book(desk, turnBody(today, earlier));
      expect(refused.status).toBe(422);
      expect((await refused.json<ErrorBody>()).msg).toBe(MSG.startLaterThanNow);
      // the desk's free starts of today begin after now
      const free = await (await call(`/api/turns/free?date=${today}`, { token: desk })).json<{
        slots: number[];
      }>();
      expect(free.slots.length).toBeGreaterThan(0);
      expect(free.slots.every((t) => t > hour)).toBe(true);
      // the patient still books from tomorrow
      const patientFree = await (
        await call(`/api/turns/free?date=${today}`, {
          token: await signIn('patient@clinic.test', 'Patient2026'),
        })
      ).json<{ slots: number[] }>();
      expect(patientFree.slots).toEqual([]);
    } finally {
      await env.DB.prepare('update clinics set time_zone = ?, office_hours = ? where id = 1')
        .bind(before?.time_zone, before?.office_hours)
        .run();
    }
  });
});
