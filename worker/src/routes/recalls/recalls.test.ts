import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  DEMO_ZONE,
  seed,
  signInMedic,
  signInPatient,
  workdays,
} from '../../../test/helpers';
import type { Treatment } from '../../contract/treatments';
import { localDate } from '../../contract/turns';
import { addMonths, type Recall } from '../../contract/waitlist';
import { sendRecallMails } from '../../services/waitlist/recall-mail';

let medic: string;
let patient: string;
let demoPatientId: number;
let otherPatientId: number;

const note = (PatientID: number, date: string, TreatmentID = '0101') =>
  call('/api/evolutions', {
    token: medic,
    body: { date, observations: 'Check-up', PatientID, TreatmentID, toothID: 11 },
  });

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  demoPatientId = (await (await call('/api/me', { token: patient })).json<{ patientID: number }>()).patientID;
  otherPatientId = await addPatient(medic, {
    name: 'Apu',
    lastName: 'Nahasapeemapetilon',
    document: '45000001',
    email: 'apu.recalls@clinic.test',
    cellphone: '1155550701',
    telephone: '1145550701',
    birth: '1960-01-01',
  });
});

describe('recalls', () => {
  test('a treatment carries recallMonths (PUT /api/treatments); bad values are 422', async () => {
    let res = await call('/api/treatments', {
      token: medic,
      method: 'PUT',
      body: { ID: '0101', price: 1170, recallMonths: 6 },
    });
    expect(res.status).toBe(200);
    expect((await res.json<Treatment>()).recallMonths).toBe(6);
    res = await call('/api/treatments', {
      token: medic,
      method: 'PUT',
      body: { ID: '0101', price: 1170, recallMonths: 0 },
    });
    expect(res.status).toBe(422);
    res = await call('/api/treatments', {
      token: medic,
      method: 'PUT',
      body: { ID: '0101', price: 1170, recallMonths: 1.5 },
    });
    expect(res.status).toBe(422);
  });

  test('a visit note with that treatment sets the due date from the interval; the patient sees it', async () => {
    const today = localDate(new Date(), DEMO_ZONE);
    // Six months before the 1st of next month: the recall falls due this month... or rather
    // exactly six months after the visit.
    const visit = addMonths(today, -6);
    expect((await note(demoPatientId, visit)).status).toBe(201);
    const mine = await (await call('/api/recalls/mine', { token: patient })).json<{
      dueDate: string | null;
    }>();
    expect(mine.dueDate).toBe(addMonths(visit, 6));
    // An older note entered later does not move it back.
    expect((await note(demoPatientId, addMonths(visit, -3))).status).toBe(201);
    const still = await (await call('/api/recalls/mine', { token: patient })).json<{
      dueDate: string | null;
    }>();
    expect(still.dueDate).toBe(addMonths(visit, 6));
    // A treatment without an interval sets nothing.
    expect((await note(otherPatientId, visit, '0201')).status).toBe(201);
    const listed = await (await call('/api/recalls?status=overdue', { token: medic })).json<Recall[]>();
    const dueNow = await (await call('/api/recalls?status=due', { token: medic })).json<Recall[]>();
    expect([...listed, ...dueNow].some((r) => r.PatientID === otherPatientId)).toBe(false);
    expect([...listed, ...dueNow].find((r) => r.PatientID === demoPatientId)).toMatchObject({
      lastVisit: visit,
      status: 'open',
    });
  });

  test('the desk marks a recall contacted; the recall mail goes once on the due date', async () => {
    const today = localDate(new Date(), DEMO_ZONE);
    expect((await note(otherPatientId, addMonths(today, -6))).status).toBe(201);
    const before =
      (await env.DB.prepare('select coalesce(max(id), 0) as n from outbox').first<{ n: number }>())?.n ?? 0;
    await sendRecallMails(env, new Date());
    await sendRecallMails(env, new Date());
    const { results } = await env.DB.prepare(
      'select "to" as recipient from outbox where id > ? and subject like \'Time for your check-up%\'',
    )
      .bind(before)
      .all<{ recipient: string }>();
    expect(results.filter((r) => r.recipient === 'apu.recalls@clinic.test')).toHaveLength(1);

    const due = await (await call('/api/recalls?status=due', { token: medic })).json<Recall[]>();
    const apu = due.find((r) => r.PatientID === otherPatientId);
    expect(apu?.mailedAt).not.toBeNull();
    const res = await call(`/api/recalls/${apu?.ID}`, {
      token: medic,
      method: 'PUT',
      body: { status: 'contacted' },
    });
    expect(res.status).toBe(200);
    const contacted = await (await call('/api/recalls?status=contacted', { token: medic })).json<Recall[]>();
    expect(contacted.some((r) => r.PatientID === otherPatientId)).toBe(true);
    expect(
      (await call(`/api/recalls/${apu?.ID}`, { token: medic, method: 'PUT', body: { status: 'booked' } }))
        .status,
    ).toBe(422);
    expect((await call('/api/recalls', { token: patient })).status).toBe(403);

    // Booking the patient a turn moves the recall to Booked.
    const booked = await call('/api/turns', {
      token: medic,
      body: {
        date: workdays()(),
        time: 9,
        duration: 0.5,
        description: 'Check-up',
        PatientID: otherPatientId,
      },
    });
    expect(booked.status).toBe(201);
    const bookedTab = await (await call('/api/recalls?status=booked', { token: medic })).json<Recall[]>();
    expect(bookedTab.some((r) => r.PatientID === otherPatientId)).toBe(true);
    const stillContacted = await (await call('/api/recalls?status=contacted', { token: medic })).json<
      Recall[]
    >();
    expect(stillContacted.some((r) => r.PatientID === otherPatientId)).toBe(false);
  });

  test('a patient who already has a turn booked gets no recall mail', async () => {
    const today = localDate(new Date(), DEMO_ZONE);
    const bart = await addPatient(medic, {
      name: 'Bart',
      lastName: 'Recall',
      document: '45000002',
      email: 'bart.recalls@clinic.test',
      cellphone: '1155550702',
      telephone: '1145550702',
      birth: '1980-01-01',
    });
    expect((await note(bart, addMonths(today, -7))).status).toBe(201);
    const turn = await call('/api/turns', {
      token: medic,
      body: { date: workdays()(), time: 10, duration: 0.5, description: 'Check-up', PatientID: bart },
    });
    expect(turn.status).toBe(201);
    const before =
      (await env.DB.prepare('select coalesce(max(id), 0) as n from outbox').first<{ n: number }>())?.n ?? 0;
    await sendRecallMails(env, new Date());
    const mailed = await env.DB.prepare(
      'select count(*) as n from outbox where id > ? and "to" = ? and subject like \'Time for your check-up%\'',
    )
      .bind(before, 'bart.recalls@clinic.test')
      .first<{ n: number }>();
    expect(mailed?.n).toBe(0);
  });

  test('GET /api/recalls/:id: a medic reads one recall, written to the access log; 404 when missing', async () => {
    const listed = await (await call('/api/recalls?status=overdue', { token: medic })).json<Recall[]>();
    const dueNow = await (await call('/api/recalls?status=due', { token: medic })).json<Recall[]>();
    const demo = [...listed, ...dueNow].find((r) => r.PatientID === demoPatientId);
    expect(demo).toBeDefined();
    const logged = async () =>
      (
        await env.DB.prepare(
          "select count(*) as n from audit_log where action = 'read recall' and patient_id = ? and status = 200",
        )
          .bind(demoPatientId)
          .first<{ n: number }>()
      )?.n ?? 0;
    const before = await logged();
    const res = await call(`/api/recalls/${demo?.ID}`, { token: medic });
    expect(res.status).toBe(200);
    expect(await res.json<Recall>()).toEqual(demo);
    expect(await logged()).toBe(before + 1);
    expect((await call('/api/recalls/999999', { token: medic })).status).toBe(404);
    expect((await call(`/api/recalls/${demo?.ID}`, { token: patient })).status).toBe(403);
    // The patient's own route keeps its rule: the literal path answers before the parameter's.
    expect((await call('/api/recalls/mine', { token: patient })).status).toBe(200);
  });
});

describe('addMonths', () => {
  test('clamps to the month’s last day and crosses years', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-08-15', 6)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });
});
