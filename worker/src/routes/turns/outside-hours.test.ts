import { env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  DEMO_ZONE,
  type ErrorBody,
  seed,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import type { Turn } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import { formatOfficeHours } from '../../contract/office-hours';
import { weekdayOf } from '../../contract/slots';
import { firstBookableDate, nextDay } from '../../contract/turns';
import { DEMO_OFFICE_HOURS } from '../../local/seed';
import { sendDueReminders } from '../../services/reminders';

let medic: string;
let homerId: number;

const WEEKDAY = [
  { min: 9, max: 13 },
  { min: 14, max: 18 },
];
/** The demo hours with Friday afternoons closed. */
const FRIDAY_MORNINGS = formatOfficeHours([
  [],
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  [{ min: 9, max: 13 }],
  [],
]);

/** A Friday of its own for each test, from two weeks ahead. */
let fridays = 0;
function friday(): string {
  let date = firstBookableDate(new Date(), DEMO_ZONE);
  for (let i = 0; i < 14 + 7 * fridays; i++) date = nextDay(date);
  while (weekdayOf(date) !== 5) date = nextDay(date);
  fridays += 1;
  return date;
}

const book = async (date: string, time: number): Promise<Turn> => {
  const res = await call('/api/turns', {
    token: medic,
    body: { date, time, duration: 0.5, description: 'Cleaning', PatientID: homerId },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<Turn>();
};

const saveHours = (extra: Record<string, unknown> = {}) =>
  call('/api/Clinics', { method: 'PUT', token: medic, body: { officeHours: FRIDAY_MORNINGS, ...extra } });

const storedHours = async () =>
  (await env.DB.prepare('select office_hours from clinics where id = 1').first<{ office_hours: string }>())
    ?.office_hours;

const flagOf = async (id: number) =>
  (
    await env.DB.prepare('select hours_flag from turns where id = ?')
      .bind(id)
      .first<{ hours_flag: string | null }>()
  )?.hours_flag;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  homerId = await addPatient(medic, {
    name: 'Homer',
    lastName: 'Simpson',
    document: '30111777',
    email: 'homer.hours@clinic.test',
    cellphone: '1155550111',
    telephone: '1145550111',
    birth: '1956-05-12',
  });
});

beforeEach(async () => {
  await env.DB.prepare('update clinics set office_hours = ? where id = 1')
    .bind(JSON.stringify(DEMO_OFFICE_HOURS))
    .run();
});

describe('hours that change around booked turns', () => {
  test('the turns the new hours strand are listed before saving; without a choice the save is refused', async () => {
    const date = friday();
    const morning = await book(date, 10);
    const afternoon = [await book(date, 15), await book(date, 16.5)];
    const listed = await call('/api/turns/outside-hours', {
      token: medic,
      body: { officeHours: FRIDAY_MORNINGS },
    });
    expect(listed.status).toBe(200);
    const ids = (await listed.json<Turn[]>()).map((t) => t.ID);
    expect(ids).toEqual(afternoon.map((t) => t.ID));
    expect(ids).not.toContain(morning.ID);
    const before = await storedHours();
    const refused = await saveHours();
    expect(refused.status).toBe(409);
    expect((await refused.json<ErrorBody>()).msg).toBe(MSG.strandedTurns);
    expect(await storedHours()).toBe(before);
    // the hours sent back unchanged (the form sends them with every save) strand nothing new
    const current = await (await call('/api/Clinics', { token: medic })).json<{ officeHours: string }>();
    await env.DB.prepare('update turns set time = 18.5 where id = ?').bind(morning.ID).run();
    const same = await call('/api/Clinics', {
      method: 'PUT',
      token: medic,
      body: { officeHours: current.officeHours, name: 'Demo Clinic' },
    });
    expect(same.status).toBe(200);
    await env.DB.prepare('delete from turns where id = ?').bind(morning.ID).run();
    // a patient may not ask
    const patient = await signInPatient();
    expect(
      (await call('/api/turns/outside-hours', { token: patient, body: { officeHours: FRIDAY_MORNINGS } }))
        .status,
    ).toBe(403);
    expect(
      (await call('/api/turns/outside-hours', { token: medic, body: { officeHours: 'closed' } })).status,
    ).toBe(422);
    expect((await saveHours({ strandedTurns: 'later' })).status).toBe(422);
  });

  test('keep: saved, the turns stay, marked as outside hours', async () => {
    const date = friday();
    const [a, b] = [await book(date, 15), await book(date, 16.5)];
    const res = await saveHours({ strandedTurns: 'keep' });
    expect(res.status).toBe(200);
    expect(await storedHours()).toBe(FRIDAY_MORNINGS);
    expect([await flagOf(a.ID), await flagOf(b.ID)]).toEqual(['kept', 'kept']);
    const turn = await (await call(`/api/turns?from=${date}&to=${date}`, { token: medic })).json<Turn[]>();
    expect(turn.map((t) => t.hoursFlag)).toEqual(['kept', 'kept']);
    // a kept turn is no longer "stranded" by the same hours
    const again = await call('/api/turns/outside-hours', {
      token: medic,
      body: { officeHours: FRIDAY_MORNINGS },
    });
    expect((await again.json<Turn[]>()).map((t) => t.ID)).not.toContain(a.ID);
  });

  test('cancel: saved, the turns are gone and each patient is mailed the cancellation', async () => {
    const date = friday();
    const [a, b] = [await book(date, 15), await book(date, 16.5)];
    const before = (
      await env.DB.prepare('select coalesce(max(id), 0) as n from outbox').first<{ n: number }>()
    )?.n;
    const res = await saveHours({ strandedTurns: 'cancel' });
    expect(res.status).toBe(200);
    const left = await env.DB.prepare('select id from turns where id in (?, ?)').bind(a.ID, b.ID).all();
    expect(left.results).toEqual([]);
    const mails = await env.DB.prepare('select subject, calendar from outbox where id > ? order by id')
      .bind(before)
      .all<{ subject: string; calendar: string }>();
    expect(mails.results).toHaveLength(2);
    for (const m of mails.results) {
      expect(m.subject).toContain('was cancelled');
      expect(new ICAL.Component(ICAL.parse(m.calendar)).getFirstPropertyValue('method')).toBe('CANCEL');
    }
  });

  test('move: saved, the turns are on the needs-moving list and get no reminder until moved', async () => {
    const date = friday();
    const [a, b] = [await book(date, 15), await book(date, 16.5)];
    const res = await saveHours({ strandedTurns: 'move' });
    expect(res.status).toBe(200);
    const list = await (await call('/api/turns/needs-moving', { token: medic })).json<Turn[]>();
    expect(list.map((t) => t.ID)).toEqual(expect.arrayContaining([a.ID, b.ID]));
    expect(list.every((t) => t.hoursFlag === 'needs-moving')).toBe(true);
    // the reminder job skips them
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const dayBefore = new Date(Date.UTC(y, m - 1, d) - 24 * 3_600_000 + 15 * 3_600_000);
    await sendDueReminders(env, dayBefore);
    const reminded = await env.DB.prepare('select turn_id from turn_reminders where turn_id in (?, ?)')
      .bind(a.ID, b.ID)
      .all();
    expect(reminded.results).toEqual([]);
    // moved inside the hours, it leaves the list
    const moved = await call(`/api/turns/move/${a.ID}`, {
      method: 'PUT',
      token: medic,
      body: { date, time: 11 },
    });
    expect(moved.status).toBe(200);
    expect((await moved.json<Turn>()).hoursFlag).toBeNull();
    const after = await (await call('/api/turns/needs-moving', { token: medic })).json<Turn[]>();
    expect(after.map((t) => t.ID)).not.toContain(a.ID);
  });
});
