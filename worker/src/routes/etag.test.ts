import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, db, seed, signInMedic } from '../../test/helpers';
import { CONDITION_KEYS } from '../contract/clinical-history';
import { etagOf } from '../contract/etag';
import { MSG } from '../contract/messages';
import { DEMO_MEDIC } from '../local/seed';
import { findTurn, insertTurn } from './turns/turns.repo';

/**
 * No lost update: every record a form edits answers its `ETag`; a save with a stale `If-Match`
 * answers 412 with the record as it is now and writes nothing; with the current tag it saves.
 */

let medic: string;
let patientId: number;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patientId = await addPatient(medic, {
    name: 'Jacqueline',
    lastName: 'Bouvier',
    document: '48200001',
    email: 'jacqueline@clinic.test',
    cellphone: '1155550404',
    telephone: '1145550404',
    birth: '1929-05-05',
  });
});

const STALE_TAG = 'W/"00000000-0"';

/** GET `path`: its body and its ETag, which is the tag of that body. */
async function read(path: string): Promise<{ body: Record<string, unknown>; etag: string }> {
  const res = await call(path, { token: medic });
  expect(res.status, path).toBe(200);
  const body = await res.json<Record<string, unknown>>();
  const etag = res.headers.get('etag') ?? '';
  expect(etag, path).toBe(etagOf(body));
  return { body, etag };
}

/** A PUT with If-Match. */
const put = (path: string, body: unknown, ifMatch: string) =>
  call(path, { method: 'PUT', token: medic, body, headers: { 'if-match': ifMatch } });

/** The stale PUT is 412 with the current record and its tag; the record did not change. */
async function expectStale(path: string, body: unknown, readPath: string): Promise<void> {
  const before = await read(readPath);
  const res = await put(path, body, STALE_TAG);
  expect(res.status, path).toBe(412);
  const answer = await res.json<{ error: string; msg: string; current: unknown }>();
  expect(answer).toMatchObject({ error: 'precondition_failed', msg: MSG.staleRecord });
  expect(answer.current).toEqual(before.body);
  expect(res.headers.get('etag')).toBe(before.etag);
  const after = await read(readPath);
  expect(after.body).toEqual(before.body);
}

describe('ETag and If-Match on every record a form edits', () => {
  test('a patient: 412 on a stale tag, saved with the current one, which then changes', async () => {
    const path = `/api/patients/${patientId}`;
    const { body, etag } = await read(path);
    const update = {
      infoUser: {
        name: 'Jacqueline',
        lastName: 'Bouvier',
        document: '48200001',
        email: 'jacqueline@clinic.test',
        cellphone: '1155550404',
        telephone: '1145550404',
        birth: '1929-05-05',
        city: 'Shelbyville',
        street: 'Main',
        number: '1',
        postalCode: '1000',
      },
      infoPatient: { medicalService: String(body.medicalService) },
    };
    await expectStale(path, update, path);
    const saved = await put(path, update, etag);
    expect(saved.status).toBe(200);
    const after = await read(path);
    expect(after.body.city).toBe('Shelbyville');
    expect(after.etag).not.toBe(etag);
    expect(saved.headers.get('etag')).toBe(after.etag);
    // the tag it was given before the save is stale now
    expect((await put(path, update, etag)).status).toBe(412);
    // no If-Match: not checked (API clients that do not send it)
    expect((await call(path, { method: 'PUT', token: medic, body: update })).status).toBe(200);
  });

  test('a medic (their own profile)', async () => {
    const readPath = `/api/medics?email=${encodeURIComponent(DEMO_MEDIC.email)}`;
    const { etag } = await read(readPath);
    const update = {
      infoUser: {
        name: 'Gregory',
        lastName: 'House',
        email: DEMO_MEDIC.email,
        birth: '1970-06-11',
        telephone: '1145550199',
        cellphone: '1155550199',
        street: 'Baker Street',
        number: '221',
        city: 'Princeton',
        postalCode: '8540',
      },
      infoMedic: { specialization: 'Diagnostic medicine', tuition_date: '1999-04-02' },
      ClinicID: 1,
    };
    await expectStale('/api/medics/1', update, readPath);
    expect((await put('/api/medics/1', update, etag)).status).toBe(200);
  });

  test('the clinic, by both of its update routes', async () => {
    const { etag } = await read('/api/Clinics');
    await expectStale('/api/Clinics', { name: 'Springfield Dental' }, '/api/Clinics');
    await expectStale('/api/Clinics/1', { name: 'Springfield Dental' }, '/api/Clinics');
    const saved = await put('/api/Clinics', { name: 'Springfield Dental' }, etag);
    expect(saved.status).toBe(200);
    expect((await read('/api/Clinics')).etag).toBe(saved.headers.get('etag'));
  });

  test('a budget', async () => {
    const created = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0101', quantity: 1 }], discount: null },
    });
    expect(created.status).toBe(201);
    const { ID } = await created.json<{ ID: number }>();
    const path = `/api/Budgets/${ID}`;
    const { etag } = await read(path);
    const change = { ID, linkPayment: 'https://checkout.stripe.test/c/pay/cs_2', idPayment: 'cs_2' };
    await expectStale('/api/Budgets', change, path);
    expect((await put('/api/Budgets', change, etag)).status).toBe(200);
    expect((await read(path)).body.linkPayment).toBe(change.linkPayment);
  });

  test('a turn: accepting or moving it with a stale tag is 412 and changes nothing', async () => {
    const id = (await insertTurn(db(), {
      date: '2031-03-04',
      time: 10,
      duration: 0.5,
      description: 'Check-up',
      medicAccepts: false,
      medicId: 1,
      patientId,
      consultation: false,
    })) as number;
    const turn = await findTurn(db(), id);
    for (const [path, body] of [
      [`/api/turns/update/${id}`, { medicAccepts: true }],
      [`/api/turns/move/${id}`, { date: '2031-03-05', time: 11 }],
    ] as const) {
      const res = await put(path, body, STALE_TAG);
      expect(res.status, path).toBe(412);
      expect((await res.json<{ current: unknown }>()).current).toEqual(JSON.parse(JSON.stringify(turn)));
      expect(await findTurn(db(), id)).toEqual(turn);
    }
    const accepted = await put(`/api/turns/update/${id}`, { medicAccepts: true }, etagOf(turn));
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('etag')).toBe(etagOf(await accepted.json()));
  });

  test('a clinical history answers its ETag', async () => {
    const created = await call('/api/clinicalhistories', {
      token: medic,
      body: { ...Object.fromEntries(CONDITION_KEYS.map((k) => [k, false])), patient: patientId },
    });
    expect(created.status).toBe(201);
    const path = `/api/clinicalhistories/search?id=${patientId}`;
    const first = await read(path);
    const answers = { ...Object.fromEntries(CONDITION_KEYS.map((k) => [k, false])), b_smoker: true };
    const saved = await put(`/api/clinicalhistories/${patientId}`, answers, first.etag);
    expect(saved.status).toBe(200);
    // The save answers the tag of the history as it now is: the next save sends it.
    const now = await read(path);
    expect(saved.headers.get('etag')).toBe(now.etag);
    expect(now.etag).not.toBe(first.etag);
    await expectStale(`/api/clinicalhistories/${patientId}`, answers, path);
  });
});
