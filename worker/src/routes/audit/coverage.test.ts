import { env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import type { AuditProbes } from '../../../test/audit-probes';
import { call, seed, signIn, signInMedic, signInPatient, workdays } from '../../../test/helpers';
import { AuditRowSchema } from '../../contract/access-log';
import { devApp } from '../../index.dev';
import { declarationsOf } from '../../lib/route';
import { DEMO_PATIENT, DEMO_PATIENT_PERSON } from '../../local/demo';

// Every answer that carries a patient's data is in the access log. This walks the
// route declarations: every GET route is called (or says why it cannot carry patient data), and whenever
// an answer shows the demo patient (ID 1), an audit row about that patient must have appeared.

const PATIENT_ID = 1;
/** Anything that shows the demo patient: their document, email, last name or ID as a patient reference. */
const SHOWS_PATIENT = new RegExp(
  [
    DEMO_PATIENT_PERSON.document,
    DEMO_PATIENT.email.replace('.', '\\.'),
    `"${DEMO_PATIENT_PERSON.lastName}"`,
    `"Patient(?:ID)?":\\s*(?:\\{"ID":)?${PATIENT_ID}\\b`,
  ].join('|'),
);

let medic: string;
let budgetId = 0;
const day = workdays()();

/** One entry per declared GET route: how to call it, or why it carries no patient data. */
const PROBES: AuditProbes = {
  'GET /api/health': [{ path: '/api/health' }],
  'GET /api/openapi.json': [{ none: "the API's description: no records" }],
  'GET /api/docs': [{ none: "the API's reference page: no records" }],
  'GET /api/me': [{ path: '/api/me' }],
  'GET /api/second-factor': [{ none: "the caller's own second-factor status: no patient's records" }],
  'GET /api/sessions': [{ none: "the caller's own sessions: browser, place and times, no records" }],
  'GET /api/turns/live': [
    { none: 'a WebSocket of change notices: dates and turn IDs only (routes/turns/live.test.ts)' },
  ],
  'GET /api/dev/outbox': [{ none: 'local-only mail outbox of the dev entry, never deployed' }],
  'GET /api/patients/:id/audit': [{ path: `/api/patients/${PATIENT_ID}/audit` }],
  'GET /api/patients/:id/access-log': [{ path: `/api/patients/${PATIENT_ID}/access-log` }],
  'GET /api/medics/pending': [{ path: '/api/medics/pending' }],
  'GET /api/auth/oidc/start': [{ none: 'a redirect to the sign-in provider' }],
  'GET /api/auth/oidc/callback': [{ none: "the provider's return: signs in its own user" }],
  'GET /api/Clinics': [{ path: '/api/Clinics' }],
  'GET /api/treatments': [{ path: '/api/treatments' }],
  'GET /api/treatments/consultation': [{ path: '/api/treatments/consultation', as: 'patient' }],
  'GET /api/medics': [{ path: '/api/medics' }],
  'GET /api/patients': [
    { path: '/api/patients' },
    { path: `/api/patients?document=${DEMO_PATIENT_PERSON.document}` },
    { path: `/api/patients?email=${encodeURIComponent(DEMO_PATIENT.email)}` },
    { path: `/api/patients?q=${DEMO_PATIENT_PERSON.lastName}` },
    { path: `/api/patients?contains=${DEMO_PATIENT_PERSON.lastName.slice(0, 4)}` },
    { path: `/api/patients?email=${encodeURIComponent(DEMO_PATIENT.email)}`, as: 'patient' },
    { path: `/api/patients?q=${DEMO_PATIENT_PERSON.lastName}&format=csv` },
  ],
  'GET /api/patients/:id': [
    { path: `/api/patients/${PATIENT_ID}` },
    { path: `/api/patients/${PATIENT_ID}`, as: 'patient' },
  ],
  'GET /api/patients/:id/dependants': [
    { path: `/api/patients/${PATIENT_ID}/dependants` },
    { path: `/api/patients/${PATIENT_ID}/dependants`, as: 'patient' },
  ],
  // no history yet: SPEC's 404 'No hay Hc', audited all the same
  'GET /api/clinicalhistories/search': [
    { path: `/api/clinicalhistories/search?id=${PATIENT_ID}`, status: 404 },
  ],
  'GET /api/clinicalhistories/:id/versions': [
    { path: `/api/clinicalhistories/${PATIENT_ID}/versions`, status: 404 },
  ],
  'GET /api/evolutions': [{ path: `/api/evolutions?PatientID=${PATIENT_ID}` }],
  'GET /api/studies/search': [{ path: `/api/studies/search?id=${PATIENT_ID}` }],
  'GET /api/studies/:id/file': [{ none: 'a PDF: audited by its rule, checked in studies.test.ts' }],
  'GET /api/tooth': [{ path: '/api/tooth' }],
  'GET /api/turns': [
    { path: `/api/turns?from=${day}&to=${day}` },
    { path: `/api/turns?from=${day}&to=${day}`, as: 'patient' },
    { path: `/api/turns?from=${day}&to=${day}&format=csv` },
  ],
  'GET /api/turns/search': [{ path: `/api/turns/search?ID=${PATIENT_ID}` }],
  'GET /api/turns/free': [{ path: `/api/turns/free?date=${day}` }],
  'GET /api/turns/needs-moving': [{ path: '/api/turns/needs-moving' }],
  'GET /api/turns/unconfirmed': [{ path: '/api/turns/unconfirmed' }],
  'GET /api/email/confirm': [{ none: "the mailed email confirmation link's page: the address and a button" }],
  'GET /api/reminders': [{ path: '/api/reminders', as: 'patient' }],
  'GET /api/reminders/off': [{ none: "the mailed opt-out link's page: a button, no data" }],
  'GET /api/replies/confirm': [
    { none: "the reminder's Confirm link page: the turn's date and time and a button" },
  ],
  'GET /api/replies/cancel': [
    { none: "the reminder's Cancel link page: the turn's date and time and a button" },
  ],
  'GET /api/waitlist': [{ path: '/api/waitlist' }, { path: '/api/waitlist', as: 'patient' }],
  'GET /api/waitlist/offers/:token': [
    { none: "a mailed offer's page: the start's date and time and a button" },
  ],
  'GET /api/recalls': [{ path: '/api/recalls?status=due' }, { path: '/api/recalls?status=overdue' }],
  'GET /api/recalls/mine': [{ path: '/api/recalls/mine', as: 'patient' }],
  'GET /api/Budgets': [
    { path: '/api/Budgets' },
    { path: '/api/Budgets', as: 'patient' },
    { path: '/api/Budgets?format=csv' },
  ],
  'GET /api/reports': [
    { path: '/api/reports?from=2026-01-01&to=2026-03-31' },
    { path: '/api/reports?from=2026-01-01&to=2026-03-31&format=csv' },
  ],
  'GET /api/Budgets/:id': [{ path: () => `/api/Budgets/${budgetId}` }],
  'GET /api/Budgets/credit': [{ path: '/api/Budgets/credit', as: 'patient' }],
  'GET /api/payments/demo-checkout/:id': [{ none: 'audited by its rule; the payments tests open it' }],
};

/** Audit rows about the demo patient: naming them, or a list that held them. */
const rowsAbout = async (): Promise<number> =>
  (
    await env.DB.prepare(
      `select count(*) as n from audit_log
       where patient_id = ?1 or id in (select audit_id from audit_log_patients where patient_id = ?1)`,
    )
      .bind(PATIENT_ID)
      .first<{ n: number }>()
  )?.n ?? 0;

const allRows = async (): Promise<number> =>
  (await env.DB.prepare('select count(*) as n from audit_log').first<{ n: number }>())?.n ?? 0;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  // The demo patient gets a turn on `day` and a budget, so the calendar and the budgets show them.
  const turn = await call('/api/turns', {
    token: medic,
    body: {
      date: day,
      time: 9,
      duration: 0.5,
      description: 'Check-up',
      medicAccepts: true,
      MedicID: 1,
      PatientID: PATIENT_ID,
    },
  });
  expect(turn.status, await turn.clone().text()).toBe(201);
  const budget = await call('/api/Budgets', {
    token: medic,
    body: { PatientID: PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] },
  });
  expect(budget.status, await budget.clone().text()).toBe(201);
  budgetId = (await budget.json<{ ID: number }>()).ID;
});

const DECLARED = Object.fromEntries(declarationsOf(devApp));

/** Probes a feature folder keeps beside its routes (`routes/<feature>/audit-probes.ts`). */
const FOLDER_PROBES = import.meta.glob('../*/audit-probes.ts', { eager: true });
for (const exported of Object.values(FOLDER_PROBES)) {
  Object.assign(PROBES, (exported as { AUDIT_PROBES: AuditProbes }).AUDIT_PROBES);
}

describe('the access log covers every answer with patient data', () => {
  test('every declared GET route has a probe or a reason', () => {
    const gets = Object.keys(DECLARED).filter((key) => key.startsWith('GET '));
    expect(gets.filter((key) => !(key in PROBES))).toEqual([]);
  });

  const cases = Object.entries(PROBES).flatMap(([key, probes]) =>
    probes.flatMap((probe) => ('none' in probe ? [] : [{ key, probe }])),
  );

  test.each(cases)(
    '$key ($probe.path as $probe.as): an answer showing a patient writes an audit row about them',
    async ({ key, probe }) => {
      const token = probe.as === 'patient' ? await signInPatient() : medic;
      const path = typeof probe.path === 'function' ? probe.path() : probe.path;
      const [aboutBefore, before] = [await rowsAbout(), await allRows()];
      const res = await call(path, { token });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(probe.status ?? 200);
      const body = await res.text();
      const rule = DECLARED[key];
      if (SHOWS_PATIENT.test(body)) {
        expect(rule?.audit, `${key} answered the demo patient's data without an audit rule`).toBeDefined();
        expect(
          await rowsAbout(),
          `${path} showed the demo patient and logged nothing about them`,
        ).toBeGreaterThan(aboutBefore);
      }
      if (rule?.audit) expect(await allRows()).toBe(before + 1);
    },
  );

  test('a list of patients is one audit row holding every ID it showed', async () => {
    const res = await call('/api/patients?limit=50', { token: medic });
    const ids = (await res.json<{ ID: number }[]>()).map((p) => p.ID);
    const row = await env.DB.prepare(
      "select id, patient_id, patient_ids from audit_log where action = 'read patients' order by id desc limit 1",
    ).first<{ id: number; patient_id: number | null; patient_ids: string }>();
    expect(JSON.parse(row?.patient_ids ?? '[]')).toEqual(ids);
    const linked = await env.DB.prepare(
      'select patient_id from audit_log_patients where audit_id = ? order by patient_id',
    )
      .bind(row?.id)
      .all<{ patient_id: number }>();
    expect(linked.results.map((r) => r.patient_id)).toEqual([...ids].sort((a, b) => a - b));
  });

  test('a list of 50 is indexed for its patients once: the same list again writes a handful of rows', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => 100_000 + i);
    const log = () =>
      env.DB.prepare(
        "insert into audit_log (user_id, action, patient_id, patient_ids, route, status) values (1, 'read turns', null, ?, 'GET /api/turns', 200) returning id",
      )
        .bind(JSON.stringify(ids))
        .run<{ id: number }>();
    // D1 counts index entries as rows written. The first time: the log row and its index entry,
    // the list and its unique key, its 50 patients and the row's link to it (56 when this was written).
    const first = await log();
    expect(first.meta.rows_written).toBeGreaterThanOrEqual(50);
    expect(first.meta.rows_written).toBeLessThanOrEqual(58);
    // A calendar refetched all day shows the same list: the row, its index entries and its link
    // (4 when this was written; 53 when every read fanned its list out again, migration 0016).
    const again = await log();
    expect(again.meta.rows_written).toBeLessThanOrEqual(5);
    // Both rows are in each of the 50 patients' access logs.
    const rowIds = [first.results[0]?.id, again.results[0]?.id];
    for (const patientId of [ids[0], ids[49]]) {
      const found = await env.DB.prepare(
        'select audit_id from audit_log_patients where patient_id = ? order by audit_id',
      )
        .bind(patientId)
        .all<{ audit_id: number }>();
      expect(found.results.map((r) => r.audit_id)).toEqual(rowIds);
    }
  });

  test('the list index is append-only like the log', async () => {
    for (const statement of [
      "update audit_lists set patient_ids = '[]'",
      'delete from audit_lists',
      'update audit_list_patients set patient_id = 0',
      'delete from audit_list_patients',
      'update audit_log_lists set audit_id = 0',
      'delete from audit_log_lists',
      'delete from audit_log_patients',
    ]) {
      await expect(env.DB.prepare(statement).run(), statement).rejects.toThrow();
    }
  });

  test("a patient's access log shows the lists that held them, and the raw trail honours limit", async () => {
    await call(`/api/turns?from=${day}&to=${day}`, { token: medic });
    const log = await call(`/api/patients/${PATIENT_ID}/access-log?limit=5`, {
      token: await signInPatient(),
    });
    const rows = await log.json<{ action: string }[]>();
    expect(rows.map((r) => r.action)).toContain('read the turns');
    const trail = await call(`/api/patients/${PATIENT_ID}/audit?limit=3`, { token: medic });
    expect(trail.status).toBe(200);
    const raw = await trail.json<unknown[]>();
    expect(raw).toHaveLength(3);
    for (const row of raw) expect(v.safeParse(AuditRowSchema, row).success).toBe(true);
    // the limit decides, not a fixed page: one row, and more than three without it
    const one = await call(`/api/patients/${PATIENT_ID}/audit?limit=1`, { token: medic });
    expect(await one.json<unknown[]>()).toHaveLength(1);
    const all = await call(`/api/patients/${PATIENT_ID}/audit`, { token: medic });
    expect((await all.json<unknown[]>()).length).toBeGreaterThan(3);
  });

  test('a refusal (403 to a medic waiting for approval) is logged as a refusal', async () => {
    const email = 'waiting-medic@clinic.test';
    const signUp = await call('/api/medics', {
      body: {
        infoUser: {
          email,
          password: 'Waiting2026',
          confirmPassword: 'Waiting2026',
          name: 'Julius',
          lastName: 'Hibbert',
          document: '44556677',
          birth: '1961-04-02',
        },
        infoMedic: { tuition_number: '7789' },
      },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const token = await signIn(email, 'Waiting2026');
    const res = await call(`/api/patients/${PATIENT_ID}`, { token });
    expect(res.status).toBe(403);
    const row = await env.DB.prepare(
      'select action, status, user_id from audit_log order by id desc limit 1',
    ).first<{
      action: string;
      status: number;
      user_id: number;
    }>();
    expect(row).toMatchObject({ action: 'read patient', status: 403 });
    expect(row?.user_id).toBeGreaterThan(0);
  });
});
