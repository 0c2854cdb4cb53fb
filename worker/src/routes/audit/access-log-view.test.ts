import { SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  freshPerson,
  ORIGIN,
  seed,
  signIn,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import type { AccessLogRow } from '../../contract/access-log';

// The access log people read: one row per screen a person opened (the app names each screen view
// in X-Screen-View), the action in words, never a raw route for a patient, and a patient with no
// clinical history yet is not a refusal.

let medic: string;
let patientId: number;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patientId = await addPatient(medic, {
    name: 'Ralph',
    lastName: 'Wiggum',
    document: '44000001',
    email: 'ralph@clinic.test',
    cellphone: '1155550606',
    telephone: '1145550606',
    birth: '2018-05-05',
  });
});

const logOf = async (token: string, id = patientId): Promise<AccessLogRow[]> => {
  const res = await call(`/api/patients/${id}/access-log?limit=200`, { token });
  expect(res.status).toBe(200);
  return res.json<AccessLogRow[]>();
};

describe('the access-log rows of one page view', () => {
  test("the patient page's four reads are one row 'opened the patient page', done though there is no history yet", async () => {
    const view = { 'X-Screen-View': '/home/:patientID;0b7c2f7e-1111-4a4a-9c9c-000000000001' };
    const reads = [
      `/api/patients/${patientId}`,
      `/api/evolutions?PatientID=${patientId}`,
      `/api/studies/search?id=${patientId}`,
      `/api/clinicalhistories/search?id=${patientId}`,
    ];
    const statuses = [];
    for (const path of reads) statuses.push((await call(path, { token: medic, headers: view })).status);
    expect(statuses).toEqual([200, 200, 200, 404]);

    const rows = await logOf(medic);
    const opened = rows.filter((r) => r.action === 'opened the patient page');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      requests: 4,
      result: 'Done',
      status: 200,
      by: { kind: 'medic', name: 'Gregory House' },
    });
    // The medic's answer still says which routes the row stands for.
    expect(opened[0]?.route).toContain(`GET /api/patients/${patientId}`);
    // Not one row per request, and "no history yet" is not refused anywhere.
    expect(rows.filter((r) => r.result === 'Refused')).toEqual([]);
  });

  test('the same page opened again is a second row; a write in the view is a row of its own', async () => {
    const view = { 'X-Screen-View': '/home/:patientID;0b7c2f7e-1111-4a4a-9c9c-000000000002' };
    await call(`/api/patients/${patientId}`, { token: medic, headers: view });
    await call(`/api/evolutions?PatientID=${patientId}`, { token: medic, headers: view });
    const res = await call('/api/evolutions', {
      token: medic,
      headers: view,
      body: {
        date: '2026-05-05',
        observations: 'Sealant',
        PatientID: patientId,
        TreatmentID: '0701',
        teeth: [{ toothID: 75, surfaces: ['O'] }],
      },
    });
    expect(res.status).toBe(201);
    const rows = await logOf(medic);
    expect(rows.filter((r) => r.action === 'opened the patient page')).toHaveLength(2);
    expect(rows.filter((r) => r.action === 'added a visit note')).toHaveLength(1);
  });

  test('requests outside a known screen are in words; a forged view header is ignored', async () => {
    await call(`/api/patients/${patientId}`, {
      token: medic,
      headers: { 'X-Screen-View': 'GET /api/x; drop' },
    });
    const rows = await logOf(medic);
    expect(rows.find((r) => r.action !== 'read the access log')).toMatchObject({
      action: "opened the patient's details",
      requests: 1,
    });
    for (const row of rows) expect(row.action).not.toMatch(/\/api\//);
  });

  test('the patient reads theirs: the history PDF download is one row in words, no routes', async () => {
    const patient = await signInPatient();
    const view = { 'X-Screen-View': 'pdf:history;0b7c2f7e-1111-4a4a-9c9c-000000000003' };
    await call('/api/evolutions?PatientID=1', { token: patient, headers: view });
    await call('/api/patients/1', { token: patient, headers: view });
    const rows = await logOf(patient, 1);
    const download = rows.find((r) => r.action === 'downloaded the history PDF');
    expect(download).toMatchObject({ requests: 2, route: null, by: { kind: 'you', name: 'You' } });
    expect(JSON.stringify(rows)).not.toContain('/api/');
  });

  test("a patient kept out of another patient's clinical history is a refusal in that patient's log, not done", async () => {
    const lisa = await signInPatient();
    for (const path of [
      `/api/clinicalhistories/search?id=${patientId}`,
      `/api/clinicalhistories/${patientId}/versions`,
    ]) {
      expect((await call(path, { token: lisa })).status).toBe(404);
    }
    const tried = (await logOf(medic)).filter((r) => r.by.kind === 'patient');
    expect(tried.map((r) => [r.action, r.status, r.result])).toEqual([
      ["read the clinical history's versions", 404, 'Refused'],
      ['read the clinical history', 404, 'Refused'],
    ]);
  });
});

describe('a medic still waiting for approval', () => {
  /** A medic who signed up and is not approved yet, signed in: the session's token. */
  async function signedUpWaitingMedic(tag: string, name: string, lastName: string, tuition: string) {
    const person = freshPerson(tag);
    const signUp = await call('/api/medics', {
      body: {
        infoUser: {
          email: person.email,
          password: 'Waiting2026',
          confirmPassword: 'Waiting2026',
          name,
          lastName,
          document: person.document,
          birth: '1961-04-02',
        },
        infoMedic: { tuition_number: tuition },
      },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    return signIn(person.email, 'Waiting2026');
  }

  test("is refused a patient's record, visit notes and budget, and that patient's access log lists each refusal", async () => {
    // mutation tried: logging the refusal without naming the patient leaves the patient's log without it
    const budget = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0201', quantity: 1 }] },
    });
    expect(budget.status, await budget.clone().text()).toBe(201);
    const budgetId = (await budget.json<{ ID: number }>()).ID;
    const waiting = await signedUpWaitingMedic('waiting', 'Nick', 'Riviera', '7790');
    // the patient named in the path, in the query, and through one of their records (a budget)
    for (const path of [
      `/api/patients/${patientId}`,
      `/api/evolutions?PatientID=${patientId}`,
      `/api/Budgets/${budgetId}`,
    ]) {
      expect((await call(path, { token: waiting })).status).toBe(403);
    }
    const tried = (await logOf(medic)).filter((r) => r.by.name === 'Nick Riviera');
    expect(tried.map((r) => [r.route, r.status, r.result])).toEqual([
      [`GET /api/Budgets/${budgetId}`, 403, 'Refused'],
      ['GET /api/evolutions', 403, 'Refused'],
      [`GET /api/patients/${patientId}`, 403, 'Refused'],
    ]);
    expect(tried[2]?.action).toBe("opened the patient's details");
    // nobody else's log gets them: the demo patient's shows none of these
    const elsewhere = (await logOf(medic, 1)).filter((r) => r.by.name === 'Nick Riviera');
    expect(elsewhere).toEqual([]);
  });

  test("is refused writes that name the patient in the body, or one of their turns, each in that patient's log", async () => {
    // mutation tried: without the body's field (or the turn's patient) the refusal names nobody
    const turn = await call('/api/turns', {
      token: medic,
      body: { date: '2031-03-03', time: 10, duration: 0.5, description: 'Check', PatientID: patientId },
    });
    expect(turn.status, await turn.clone().text()).toBe(201);
    const turnId = (await turn.json<{ ID: number }>()).ID;
    const waiting = await signedUpWaitingMedic('waitbody', 'Julius', 'Hibbert', '7791');
    const evolution = {
      date: '2026-03-02',
      observations: 'Fillings',
      PatientID: patientId,
      TreatmentID: '0202',
    };
    expect((await call('/api/evolutions', { token: waiting, body: evolution })).status).toBe(403);
    const budget = { PatientID: patientId, treatments: [{ ID: '0201', quantity: 1 }] };
    expect((await call('/api/Budgets', { token: waiting, body: budget })).status).toBe(403);
    const study = new FormData();
    study.append('patient', String(patientId));
    study.append('studyType', 'X-ray');
    const uploaded = await SELF.fetch(`${ORIGIN}/api/studies`, {
      method: 'POST',
      headers: { origin: ORIGIN, authorization: `Bearer ${waiting}` },
      body: study,
    });
    expect(uploaded.status).toBe(403);
    const moved = await call(`/api/turns/move/${turnId}`, {
      token: waiting,
      method: 'PUT',
      body: { date: '2031-03-04', time: 11 },
    });
    expect(moved.status).toBe(403);
    const tried = (await logOf(medic)).filter((r) => r.by.name === 'Julius Hibbert');
    expect(tried.map((r) => [r.route, r.status, r.result])).toEqual([
      [`PUT /api/turns/move/${turnId}`, 403, 'Refused'],
      ['POST /api/studies', 403, 'Refused'],
      ['POST /api/Budgets', 403, 'Refused'],
      ['POST /api/evolutions', 403, 'Refused'],
    ]);
  });
});
