import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import {
  addPatient,
  call,
  DEMO_ZONE,
  seed,
  signInMedic,
  signInPatient,
  workdays,
} from '../../../test/helpers';
import { longDate } from '../../contract/dates';
import { MSG } from '../../contract/messages';
import { turnStart } from '../../contract/turns';
import worker from '../../index';
import { runSchedule, sendDueReminders, sendMedicAgendas } from '../../services/reminders';

const HOUR = 3_600_000;
let medic: string;
let patient: string;
let demoPatientId: number;
let homerId: number;

/** A Monday-to-Friday date of its own for each test, from a week after tomorrow. */
const workday = workdays();

async function turn(
  patientId: number,
  date: string,
  time: number,
  accepted: { medic: boolean; patient: boolean } = { medic: true, patient: true },
  hoursFlag: 'kept' | 'needs-moving' | null = null,
): Promise<number> {
  const row = await env.DB.prepare(
    'insert into turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id, hours_flag) values (?, ?, 0.75, ?, ?, ?, 1, ?, ?) returning id',
  )
    .bind(date, time, 'Check-up', accepted.medic ? 1 : 0, accepted.patient ? 1 : 0, patientId, hoursFlag)
    .first<{ id: number }>();
  return row?.id ?? 0;
}

interface Mail {
  id: number;
  to: string;
  subject: string;
  body: string;
}

async function remindersSince(id: number): Promise<Mail[]> {
  const rows = await env.DB.prepare(
    "select * from outbox where id > ? and subject like 'Reminder:%' order by id",
  )
    .bind(id)
    .all<Mail>();
  return rows.results;
}

const lastMailId = async (): Promise<number> =>
  (await env.DB.prepare('select coalesce(max(id), 0) as n from outbox').first<{ n: number }>())?.n ?? 0;

const setReminders = (patientId: number, on: boolean) =>
  env.DB.prepare('update patients set reminders = ? where id = ?')
    .bind(on ? 1 : 0, patientId)
    .run();

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  demoPatientId = (await (await call('/api/me', { token: patient })).json<{ patientID: number }>()).patientID;
  homerId = await addPatient(medic, {
    name: 'Homer',
    lastName: 'Simpson',
    document: '30111444',
    email: 'homer.reminders@clinic.test',
    cellphone: '1155550111',
    telephone: '1145550111',
    birth: '1956-05-12',
  });
});

describe('the scheduled reminders', () => {
  test('mail exactly the medic-accepted turns 20 to 28 hours ahead, once, never to a patient who opted out', async () => {
    const date = workday();
    const now = new Date(turnStart(date, 10, DEMO_ZONE).getTime() - 24 * HOUR);
    const due = await turn(demoPatientId, date, 10); // 24 h ahead
    // 06:00 is before the clinic opens: these two were kept there by the desk on purpose
    const both = { medic: true, patient: true };
    const edge = await turn(demoPatientId, date, 6, both, 'kept'); // exactly 20 h ahead
    await turn(demoPatientId, date, 5.5, both, 'kept'); // 19.5 h: too soon
    const later = await turn(demoPatientId, date, 14); // 28 h: too late, for now
    // the patient has not accepted: reminded too, and asked to confirm
    const pending = await turn(demoPatientId, date, 11, { medic: true, patient: false });
    await turn(demoPatientId, date, 12, { medic: false, patient: true }); // the medic has not accepted
    await turn(homerId, date, 12.5); // Homer opted out
    await setReminders(homerId, false);
    // a cancelled turn is deleted, so it never gets one
    const cancelled = await turn(demoPatientId, date, 13);
    const del = await call(`/api/turns/delete/${cancelled}`, { method: 'DELETE', token: medic });
    expect(del.status).toBe(200);

    const before = await lastMailId();
    expect(await sendDueReminders(env, now)).toBe(3);
    const mails = await remindersSince(before);
    expect(mails.map((m) => m.to)).toEqual([
      'patient@clinic.test',
      'patient@clinic.test',
      'patient@clinic.test',
    ]);
    const bodies = mails.map((m) => m.body).join('\n');
    expect(bodies).toContain('Time: 10:00');
    expect(bodies).toContain('Time: 06:00');
    expect(bodies).toContain("outside the clinic's usual hours");
    expect(mails.filter((m) => m.body.includes('still waiting for your confirmation'))).toHaveLength(1);
    expect(bodies).toContain(`Date: ${longDate(date)}`);
    expect(bodies).toContain('Duration: 45 minutes');
    expect(bodies).toContain('Clinic: Demo Clinic');
    expect(bodies).toContain('/home/appointment');
    expect(bodies).toContain('/api/reminders/off?token=');

    // never twice: later runs, and several runs at once, send nothing more
    expect(await sendDueReminders(env, now)).toBe(0);
    const again = await Promise.all([1, 2, 3].map(() => sendDueReminders(env, now)));
    expect(again).toEqual([0, 0, 0]);
    expect(await remindersSince(before)).toHaveLength(3);
    // a quarter of an hour later the 14:00 turn enters the window, and only it is sent
    expect(await sendDueReminders(env, new Date(now.getTime() + 0.25 * HOUR))).toBe(1);
    expect(await sendDueReminders(env, new Date(now.getTime() + 0.5 * HOUR))).toBe(0);
    expect(await remindersSince(before)).toHaveLength(4);
    const keys = await env.DB.prepare('select turn_id from turn_reminders where turn_id in (?, ?, ?, ?)')
      .bind(due, edge, later, pending)
      .all();
    expect(keys.results).toHaveLength(4);
  });

  test('a turn outside the office hours that nobody kept there is not reminded: it goes on the "needs moving" list', async () => {
    const date = workday();
    const now = new Date(turnStart(date, 10, DEMO_ZONE).getTime() - 24 * HOUR);
    const inside = await turn(demoPatientId, date, 10); // 24 h ahead, inside 9-13
    const closed = await turn(demoPatientId, date, 13.25); // the lunch break: the clinic is closed
    const late = await turn(demoPatientId, date, 7, { medic: true, patient: true }, 'needs-moving');
    const before = await lastMailId();
    expect(await sendDueReminders(env, now)).toBe(1);
    const mails = await remindersSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('Time: 10:00');
    const flags = await env.DB.prepare('select id, hours_flag from turns where id in (?, ?, ?) order by id')
      .bind(inside, closed, late)
      .all<{ id: number; hours_flag: string | null }>();
    expect(flags.results.map((r) => r.hours_flag)).toEqual([null, 'needs-moving', 'needs-moving']);
    // the next run still sends nothing for them
    expect(await sendDueReminders(env, new Date(now.getTime() + 0.25 * HOUR))).toBe(0);
  });

  test('runs racing over one new turn send its reminder once; a moved turn gets a new one', async () => {
    const date = workday();
    const now = new Date(turnStart(date, 10, DEMO_ZONE).getTime() - 24 * HOUR);
    const id = await turn(demoPatientId, date, 10);
    const before = await lastMailId();
    const sent = await Promise.all([1, 2, 3, 4].map(() => sendDueReminders(env, now)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await remindersSince(before)).toHaveLength(1);

    await env.DB.prepare('update turns set time = 11 where id = ?').bind(id).run();
    expect(await sendDueReminders(env, now)).toBe(1);
    const mails = await remindersSince(before);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body).toContain('Time: 11:00');
  });

  test("the worker's scheduled handler runs them (the Cron Trigger's entry point)", async () => {
    const date = workday();
    const now = turnStart(date, 9, DEMO_ZONE).getTime() - 22 * HOUR;
    await turn(demoPatientId, date, 9);
    const before = await lastMailId();
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: now, cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    const mails = await remindersSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain(`Date: ${longDate(date)}`);
  });

  test('deployed without APP_ORIGIN, the schedule mails nothing (no safe address for its links) and says why', async () => {
    const date = workday();
    const now = new Date(turnStart(date, 9, DEMO_ZONE).getTime() - 22 * HOUR);
    await turn(demoPatientId, date, 9);
    const before = await lastMailId();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runSchedule({ ...env, ENVIRONMENT: 'production', APP_ORIGIN: undefined }, now);
    expect(errors.mock.calls.some((args) => String(args[0]).includes('APP_ORIGIN'))).toBe(true);
    errors.mockRestore();
    expect(await remindersSince(before)).toHaveLength(0);
    // the same turn is still due once the address is known (nothing was claimed)
    expect(await sendDueReminders(env, now)).toBe(1);
  });

  test("APP_ORIGIN written with a trailing slash gives the mail's links one slash", async () => {
    const date = workday();
    const now = new Date(turnStart(date, 9, DEMO_ZONE).getTime() - 22 * HOUR);
    await turn(demoPatientId, date, 9);
    const before = await lastMailId();
    expect(await sendDueReminders({ ...env, APP_ORIGIN: ' https://clinic.example/ ' }, now)).toBe(1);
    const [mail] = await remindersSince(before);
    expect(mail?.body).toContain('https://clinic.example/api/reminders/off?token=');
    expect(mail?.body).not.toContain('clinic.example//');
  });

  test('locally, without APP_ORIGIN, the links point at the port npm start serves on (LOCAL_ORIGIN)', async () => {
    const date = workday();
    const now = new Date(turnStart(date, 9, DEMO_ZONE).getTime() - 22 * HOUR);
    await turn(demoPatientId, date, 9);
    const before = await lastMailId();
    const local = {
      ...env,
      ENVIRONMENT: 'local',
      APP_ORIGIN: undefined,
      LOCAL_ORIGIN: 'http://localhost:8851',
    };
    expect(await sendDueReminders(local, now)).toBe(1);
    const [mail] = await remindersSince(before);
    expect(mail?.body).toContain('http://localhost:8851/api/reminders/off?token=');
    expect(mail?.body).not.toContain(':8787');
  });
});

describe('switching reminders off and on', () => {
  test('the patient reads and switches the setting; a medic cannot', async () => {
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: true });
    const off = await call('/api/reminders', { method: 'PUT', token: patient, body: { enabled: false } });
    expect(off.status).toBe(200);
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: false });
    await call('/api/reminders', { method: 'PUT', token: patient, body: { enabled: true } });
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: true });
    expect((await call('/api/reminders', { token: medic })).status).toBe(403);
    expect((await call('/api/reminders')).status).toBe(401);
    expect(
      (await call('/api/reminders', { method: 'PUT', token: patient, body: { enabled: 'no' } })).status,
    ).toBe(422);
  });

  test("the mailed link works without a session and only for that patient's setting", async () => {
    await setReminders(demoPatientId, true);
    await setReminders(homerId, true);
    const date = workday();
    await turn(demoPatientId, date, 10);
    const before = await lastMailId();
    await sendDueReminders(env, new Date(turnStart(date, 10, DEMO_ZONE).getTime() - 24 * HOUR));
    const [mail] = await remindersSince(before);
    const link = /(\/api\/reminders\/off\?token=\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    expect(link).not.toBe('');

    // opening the link only asks; a scanner following it changes nothing
    const page = await call(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Turn reminders off');
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: true });

    // a token for another patient, or a tampered one, does nothing
    const token = new URL(link, 'http://x').searchParams.get('token') ?? '';
    const forged = `${homerId}.${token.split('.')[1]}`;
    expect((await call(`/api/reminders/off?token=${forged}`, { method: 'POST' })).status).toBe(404);
    expect((await call(`/api/reminders/off?token=${token}x`, { method: 'POST' })).status).toBe(404);
    expect((await call('/api/reminders/off', { method: 'POST' })).status).toBe(404);

    const res = await call(link, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Reminders are off.');
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: false });
    const homer = await env.DB.prepare('select reminders from patients where id = ?')
      .bind(homerId)
      .first<{ reminders: number }>();
    expect(homer?.reminders).toBe(1);
    await setReminders(demoPatientId, true);
  });

  test('a link works once: used, it is an invalid link that changes nothing, and the next mail brings a new one', async () => {
    await setReminders(demoPatientId, true);
    /** The opt-out link of a reminder mailed for a new turn of the demo patient. */
    const mailedLink = async (): Promise<string> => {
      const date = workday();
      await turn(demoPatientId, date, 10);
      const before = await lastMailId();
      await sendDueReminders(env, new Date(turnStart(date, 10, DEMO_ZONE).getTime() - 24 * HOUR));
      const [mail] = await remindersSince(before);
      return /(\/api\/reminders\/off\?token=\S+)/.exec(mail?.body ?? '')?.[1] ?? '';
    };
    const link = await mailedLink();
    // two clicks at once switch reminders off once
    const both = await Promise.all([call(link, { method: 'POST' }), call(link, { method: 'POST' })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: false });

    // the patient turns them back on; the used link neither asks nor switches anything again
    await call('/api/reminders', { method: 'PUT', token: patient, body: { enabled: true } });
    const again = await call(link, { method: 'POST' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ msg: MSG.reminderLinkInvalid });
    const page = await call(link, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(MSG.reminderLinkInvalid);
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: true });

    // the next reminder signs the new version: its link is another, and it works
    const next = await mailedLink();
    expect(next).not.toBe(link);
    expect((await call(next, { method: 'POST' })).status).toBe(200);
    expect(await (await call('/api/reminders', { token: patient })).json()).toEqual({ enabled: false });
    await setReminders(demoPatientId, true);
  });
});

describe("the medics' daily agenda", () => {
  test("each medic with turns today gets the day's agenda once, in the clinic's 07:00 hour", async () => {
    const date = workday();
    await turn(demoPatientId, date, 9);
    await turn(homerId, date, 10, { medic: true, patient: false });
    const before = await lastMailId();
    const agendas = async () =>
      (
        await env.DB.prepare("select * from outbox where id > ? and subject like 'Your agenda%' order by id")
          .bind(before)
          .all<Mail>()
      ).results;
    // 06:45 is too early; 07:05 sends; later runs that hour send nothing more
    expect(await sendMedicAgendas(env, turnStart(date, 6.75, DEMO_ZONE))).toBe(0);
    expect(await sendMedicAgendas(env, turnStart(date, 7.08, DEMO_ZONE))).toBe(1);
    expect(await sendMedicAgendas(env, turnStart(date, 7.5, DEMO_ZONE))).toBe(0);
    const [mail, ...more] = await agendas();
    expect(more).toHaveLength(0);
    expect(mail?.to).toBe('medic@clinic.test');
    expect(mail?.subject).toContain(`for ${longDate(date)}: 2 turns`);
    expect(mail?.body).toContain('09:00 (45 minutes) Lisa Simpson: Check-up');
    expect(mail?.body).toContain('10:00 (45 minutes) Homer Simpson: Check-up [pending]');
  });
});
