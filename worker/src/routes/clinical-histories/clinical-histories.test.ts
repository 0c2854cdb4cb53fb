import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../../test/helpers';
import type { ClinicalHistory, ClinicalHistoryVersion } from '../../contract/answers';
import { CONDITION_KEYS, OTHER_KEYS } from '../../contract/clinical-history';
import { MSG } from '../../contract/messages';

let medic: string;
let patient: string;

async function newPatientId(document: string): Promise<number> {
  const res = await call('/api/patients', {
    token: medic,
    body: {
      infoUser: {
        name: 'Milhouse',
        lastName: 'Van Houten',
        document,
        email: `milhouse${document}@clinic.test`,
        city: 'Springfield',
        street: 'Main',
        number: '1',
        postalCode: '1000',
        cellphone: '1155550404',
        telephone: '1145550404',
        birth: '2010-01-01',
      },
      infoPatient: { medicalService: 'OSDE' },
    },
  });
  expect(res.status).toBe(201);
  return (await res.json<{ ID: number }>()).ID;
}

/** A history with every condition answered NO, then `over`. */
const answered = (over: Record<string, unknown>): Record<string, unknown> => ({
  ...Object.fromEntries(CONDITION_KEYS.map((k) => [k, false])),
  ...over,
});

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

describe('POST /api/clinicalhistories', () => {
  test('a medic creates the history once; the second time is 409 with the SPEC message', async () => {
    const id = await newPatientId('42000001');
    const body = answered({
      patient: id,
      b_smoker: true,
      ic_hypertension: true,
      ib_other: ' knee surgery 2019 ',
    });
    let res = await call('/api/clinicalhistories', { body, token: medic });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ patient: id, msg: MSG.sentCorrectly });

    res = await call(`/api/clinicalhistories/search?id=${id}`, { token: medic });
    expect(res.status).toBe(200);
    const history = await res.json<ClinicalHistory>();
    expect(history).toMatchObject({
      patient: id,
      b_smoker: true,
      ic_hypertension: true,
      ib_other: 'knee surgery 2019',
    });
    // every condition and every 'other' of the seven groups is answered; an absent 'other' is empty
    for (const key of CONDITION_KEYS) expect(typeof history[key], key).toBe('boolean');
    for (const key of OTHER_KEYS) expect(typeof history[key], key).toBe('string');
    expect(history.b_pregnant).toBe(false);
    expect(CONDITION_KEYS).toHaveLength(30);
    expect(OTHER_KEYS).toHaveLength(7);

    res = await call('/api/clinicalhistories', { body: answered({ patient: id }), token: medic });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.clinicalHistoryExists });
    const count = await env.DB.prepare('select count(*) as n from clinical_histories where patient_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  test('the patient creates their own; the write is audited', async () => {
    const res = await call('/api/clinicalhistories', {
      body: answered({ patient: 1, ir_asthma: true }),
      token: patient,
    });
    expect(res.status).toBe(201);
    const audit = await env.DB.prepare(
      "select user_id, status from audit_log where action = 'create clinical history' and patient_id = 1",
    ).first();
    expect(audit).toEqual({ user_id: 2, status: 201 });
  });

  test("a patient cannot create another patient's history (404)", async () => {
    const id = await newPatientId('42000002');
    const res = await call('/api/clinicalhistories', { body: answered({ patient: id }), token: patient });
    expect(res.status).toBe(404);
  });

  test('no answer is presumed: a condition left out is 422 under its key, and nothing is written', async () => {
    const id = await newPatientId('42000005');
    const { ig_cirrohsis: _cirrhosis, ir_ephysemia: _emphysema, ...rest } = answered({ patient: id });
    const res = await call('/api/clinicalhistories', { body: rest, token: medic });
    expect(res.status).toBe(422);
    const { errors } = await res.json<{ errors: Record<string, { msg: string }> }>();
    expect(errors).toEqual({
      ig_cirrohsis: { msg: MSG.fieldRequired },
      ir_ephysemia: { msg: MSG.fieldRequired },
    });
    const count = await env.DB.prepare('select count(*) as n from clinical_histories where patient_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  test('rejects a flag that is not a boolean, a missing patient, and an unknown patient', async () => {
    let res = await call('/api/clinicalhistories', {
      body: answered({ patient: 1, b_smoker: 'YES' }),
      token: medic,
    });
    expect(res.status).toBe(422);
    expect((await res.json<{ errors: Record<string, unknown> }>()).errors.b_smoker).toBeDefined();
    res = await call('/api/clinicalhistories', { body: answered({}), token: medic });
    expect(res.status).toBe(422);
    res = await call('/api/clinicalhistories', { body: answered({ patient: 999999 }), token: medic });
    expect(res.status).toBe(404);
  });

  test('?validate=true answers as the write would (409, 404) and writes nothing', async () => {
    const count = async () =>
      (await env.DB.prepare('select count(*) as n from clinical_histories').first<{ n: number }>())?.n ?? 0;
    const before = await count();
    const dry = (body: Record<string, unknown>, token = medic) =>
      call('/api/clinicalhistories?validate=true', { body, token });
    // patient 1 has one (the patient wrote it above)
    let res = await dry(answered({ patient: 1 }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.clinicalHistoryExists });
    res = await dry(answered({ patient: 999999 }));
    expect(res.status).toBe(404);
    const other = await newPatientId('42000009');
    res = await dry(answered({ patient: other }), patient);
    expect(res.status).toBe(404);
    res = await dry(answered({ patient: other }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ errors: {} });
    expect(await count()).toBe(before);
    const asWrite = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'create clinical history' and patient_id = ? and status < 400",
    )
      .bind(other)
      .first<{ n: number }>();
    expect(asWrite?.n).toBe(0);
  });

  test('nobody signed in gets 401', async () => {
    expect((await call('/api/clinicalhistories', { body: { patient: 1 } })).status).toBe(401);
  });
});

describe('GET /api/clinicalhistories/search', () => {
  test('a patient with no history is 404 No hay Hc', async () => {
    const id = await newPatientId('42000003');
    const res = await call(`/api/clinicalhistories/search?id=${id}`, { token: medic });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found', msg: MSG.noClinicalHistory });
  });

  test("another patient's history is 404 to a patient, and the read is audited", async () => {
    const id = await newPatientId('42000004');
    await call('/api/clinicalhistories', { body: answered({ patient: id }), token: medic });
    expect((await call(`/api/clinicalhistories/search?id=${id}`, { token: patient })).status).toBe(404);
    const audit = await env.DB.prepare(
      "select status from audit_log where action = 'read clinical history' and patient_id = ? and user_id = 2",
    )
      .bind(id)
      .first();
    expect(audit).toEqual({ status: 404 });
  });

  test('a malformed id is 422', async () => {
    expect((await call('/api/clinicalhistories/search?id=abc', { token: medic })).status).toBe(422);
  });
});

describe('the clinical history kept current: PUT /api/clinicalhistories/:id and its versions', () => {
  test('each update is a new version with its author and time; every earlier version stays readable', async () => {
    const id = await newPatientId('42000010');
    let res = await call('/api/clinicalhistories', { body: answered({ patient: id }), token: medic });
    expect(res.status).toBe(201);

    // The medic records an allergy, then a pregnancy (the patient's own update is the next test).
    res = await call(`/api/clinicalhistories/${id}`, {
      method: 'PUT',
      body: answered({ b_alergicToMedicine: true, b_other: 'Penicillin' }),
      token: medic,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ID: expect.any(Number),
      patient: id,
      version: 2,
      changed: true,
      msg: MSG.clinicalHistoryUpdated,
    });
    res = await call(`/api/clinicalhistories/search?id=${id}`, { token: medic });
    expect(await res.json()).toMatchObject({ b_alergicToMedicine: true, b_other: 'Penicillin' });

    res = await call(`/api/clinicalhistories/${id}`, {
      method: 'PUT',
      body: answered({ b_alergicToMedicine: true, b_other: 'Penicillin', b_pregnant: true }),
      token: medic,
    });
    expect((await res.json<{ version: number }>()).version).toBe(3);

    res = await call(`/api/clinicalhistories/${id}/versions`, { token: medic });
    expect(res.status).toBe(200);
    const versions = await res.json<ClinicalHistoryVersion[]>();
    expect(versions.map((x) => x.version)).toEqual([3, 2, 1]);
    for (const x of versions) {
      expect(x.author).toBe('Dr. Gregory House');
      expect(x.authorRole).toBe('medic');
      expect(x.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    expect(versions[2]?.answers.b_alergicToMedicine).toBe(false);
    expect(versions[1]?.answers).toMatchObject({
      b_alergicToMedicine: true,
      b_pregnant: false,
      b_other: 'Penicillin',
    });
    expect(versions[0]?.answers.b_pregnant).toBe(true);
  });

  test('answers that change nothing write no version', async () => {
    const id = await newPatientId('42000011');
    await call('/api/clinicalhistories', { body: answered({ patient: id }), token: medic });
    const res = await call(`/api/clinicalhistories/${id}`, {
      method: 'PUT',
      body: answered({}),
      token: medic,
    });
    expect(await res.json()).toMatchObject({ version: 1, changed: false, msg: MSG.clinicalHistoryUnchanged });
    const n = await env.DB.prepare('select count(*) as n from clinical_history_versions where patient_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  test('the patient updates their own, named as the author; the write and the read are audited', async () => {
    // The demo patient's history was created above (ir_asthma: true).
    let res = await call('/api/clinicalhistories/1', {
      method: 'PUT',
      body: answered({ ir_asthma: true, b_takeMedicine: true, b_other: 'Ibuprofen daily' }),
      token: patient,
    });
    expect(res.status).toBe(200);
    res = await call('/api/clinicalhistories/1/versions', { token: patient });
    const [latest, first] = await res.json<ClinicalHistoryVersion[]>();
    expect(latest).toMatchObject({ author: 'Lisa Simpson', authorRole: 'patient' });
    expect(first?.answers.b_takeMedicine).toBe(false);
    const audit = await env.DB.prepare(
      "select action, status from audit_log where patient_id = 1 and user_id = 2 and action in ('update clinical history', 'read clinical history versions') order by id",
    ).all();
    expect(audit.results).toEqual([
      { action: 'update clinical history', status: 200 },
      { action: 'read clinical history versions', status: 200 },
    ]);
  });

  test("another patient's history is 404 to a patient, before the body is read; nothing written", async () => {
    const id = await newPatientId('42000012');
    await call('/api/clinicalhistories', { body: answered({ patient: id }), token: medic });
    let res = await call(`/api/clinicalhistories/${id}`, { method: 'PUT', body: {}, token: patient });
    expect(res.status).toBe(404);
    res = await call(`/api/clinicalhistories/${id}/versions`, { token: patient });
    expect(res.status).toBe(404);
    const n = await env.DB.prepare('select count(*) as n from clinical_history_versions where patient_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(n?.n).toBe(1);
  });

  test('no history yet is 404 No hay Hc; a condition left out is 422 and writes nothing', async () => {
    const id = await newPatientId('42000013');
    let res = await call(`/api/clinicalhistories/${id}`, { method: 'PUT', body: answered({}), token: medic });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ msg: MSG.noClinicalHistory });
    res = await call(`/api/clinicalhistories/${id}/versions`, { token: medic });
    expect(res.status).toBe(404);
    await call('/api/clinicalhistories', { body: answered({ patient: id }), token: medic });
    const { b_smoker: _smoker, ...rest } = answered({ ic_hypertension: true });
    res = await call(`/api/clinicalhistories/${id}`, { method: 'PUT', body: rest, token: medic });
    expect(res.status).toBe(422);
    expect((await res.json<{ errors: Record<string, unknown> }>()).errors).toEqual({
      b_smoker: { msg: MSG.fieldRequired },
    });
    res = await call(`/api/clinicalhistories/search?id=${id}`, { token: medic });
    expect((await res.json<ClinicalHistory>()).ic_hypertension).toBe(false);
  });
});
