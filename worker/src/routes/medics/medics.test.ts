import { env } from 'cloudflare:test';
import * as v from 'valibot';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  confirmEmail,
  db,
  type ErrorBody,
  seed,
  signIn,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import { type Medic, MedicUpdateSchema } from '../../contract/medics';
import { MSG } from '../../contract/messages';
import { AppError } from '../../lib/errors';
import { hashPassword, pepperOf } from '../../lib/password';
import { DEMO_MEDIC, DEMO_PATIENT } from '../../local/seed';
import { findMedic, updateMedic } from './medics.repo';

let medic: string;
let patient: string;

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

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  // A second medic, to prove one medic cannot edit another.
  const hash = await hashPassword('Second2026', pepperOf(env));
  await env.DB.batch([
    env.DB.prepare(
      `insert into users (id, email, password_hash, user_type, name, last_name, search_name, document)
       values (10, 'second@clinic.test', ?, 'Medic', 'Lisa', 'Cuddy', 'lisa cuddy', '30111222')`,
    ).bind(hash),
    env.DB.prepare('insert into medics (id, user_id, clinic_id) values (2, 10, 1)'),
  ]);
});

const userRow = (id: number) =>
  env.DB.prepare('select * from users where id = ?').bind(id).first<Record<string, unknown>>();

describe('GET /api/medics', () => {
  test('lists the medics without password hashes', async () => {
    const res = await call('/api/medics', { token: medic });
    expect(res.status).toBe(200);
    const medics = await res.json<Medic[]>();
    expect(medics.map((m) => m.email)).toEqual([DEMO_MEDIC.email, 'second@clinic.test']);
    expect(medics[0]).toMatchObject({
      ID: 1,
      ClinicID: 1,
      userType: 'Medic',
      doctorTitle: 'Dr.',
      doctorSpecialization: 'General dentistry',
      doctorTuitionNumber: 4521,
    });
    expect(JSON.stringify(medics)).not.toMatch(/password|pbkdf2/i);
  });

  test('?email= answers one medic, case-insensitively; 404 for an unknown email', async () => {
    const res = await call(`/api/medics?email=${encodeURIComponent('Medic@Clinic.test')}`, { token: medic });
    expect(res.status).toBe(200);
    expect(await res.json<Medic>()).toMatchObject({ ID: 1, name: 'Gregory', lastName: 'House' });
    expect((await call('/api/medics?email=nobody@clinic.test', { token: medic })).status).toBe(404);
    // a patient's email is not a medic
    expect((await call(`/api/medics?email=${DEMO_PATIENT.email}`, { token: medic })).status).toBe(404);
  });

  test('a patient gets 403', async () => {
    expect((await call('/api/medics', { token: patient })).status).toBe(403);
  });
});

describe('PUT /api/medics/:id', () => {
  test('the medic updates their own info; the answer replaces the medic', async () => {
    const res = await call('/api/medics/1', { method: 'PUT', token: medic, body: update });
    expect(res.status).toBe(200);
    expect(await res.json<Medic>()).toMatchObject({
      ID: 1,
      city: 'Princeton',
      postalCode: '8540',
      telephone: '1145550199',
      doctorSpecialization: 'Diagnostic medicine',
      doctorTuitionDate: '1999-04-02',
      doctorTitle: 'Dr.',
    });
    expect(await userRow(1)).toMatchObject({ city: 'Princeton', search_name: 'gregory house' });
  });

  test('a new email becomes the sign-in email once the link mailed to it is used', async () => {
    // mutation tried: writing the new email at once (as before) fails the first check of the row
    const body = {
      ...update,
      infoUser: { ...update.infoUser, email: 'House@Clinic.test' },
      currentPassword: DEMO_MEDIC.password,
    };
    expect((await call('/api/medics/1', { method: 'PUT', token: medic, body })).status).toBe(200);
    expect((await userRow(1))?.email).toBe(DEMO_MEDIC.email);
    expect((await confirmEmail('house@clinic.test')).status).toBe(200);
    expect(await signIn('house@clinic.test', DEMO_MEDIC.password)).toBeTruthy();
    // put it back for the other tests
    const back = { ...update, currentPassword: DEMO_MEDIC.password };
    expect((await call('/api/medics/1', { method: 'PUT', token: medic, body: back })).status).toBe(200);
    expect((await confirmEmail(DEMO_MEDIC.email)).status).toBe(200);
  });

  test("another user's email is 409 on infoUser.email and nothing changes", async () => {
    const body = {
      ...update,
      infoUser: { ...update.infoUser, email: DEMO_PATIENT.email, city: 'Elsewhere' },
      currentPassword: DEMO_MEDIC.password,
    };
    const res = await call('/api/medics/1', { method: 'PUT', token: medic, body });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).errors['infoUser.email']?.msg).toBe(MSG.emailTaken);
    expect((await userRow(1))?.email).toBe(DEMO_MEDIC.email);
    expect((await userRow(1))?.city).not.toBe('Elsewhere');
  });

  test('a medic cannot update another medic (403)', async () => {
    const res = await call('/api/medics/2', { method: 'PUT', token: medic, body: update });
    expect(res.status).toBe(403);
    expect((await userRow(10))?.email).toBe('second@clinic.test');
  });

  test('a patient gets 403', async () => {
    expect((await call('/api/medics/1', { method: 'PUT', token: patient, body: update })).status).toBe(403);
  });

  test('missing fields get their messages, keyed infoUser.* and infoMedic.*', async () => {
    const res = await call('/api/medics/1', { method: 'PUT', token: medic, body: {} });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors['infoUser.name']?.msg).toBe(MSG.nameRequired);
    expect(errors['infoUser.lastName']?.msg).toBe(MSG.lastNameRequired);
  });

  test.each([
    ['infoUser', 'name', '', MSG.nameRequired],
    ['infoUser', 'name', 'Gr3g', MSG.nameInvalid],
    ['infoUser', 'lastName', 'H0use', MSG.lastNameInvalid],
    ['infoUser', 'email', 'house@', MSG.insertValidEmail],
    ['infoUser', 'birth', '', MSG.birthRequired],
    ['infoUser', 'birth', '1970-02-31', MSG.invalidDate],
    ['infoUser', 'telephone', '', MSG.phoneNumberRequired],
    ['infoUser', 'telephone', '12345', MSG.phoneTooShort],
    ['infoUser', 'cellphone', '', MSG.cellphoneNumberRequired],
    ['infoUser', 'number', '', MSG.adressNumberRequired],
    ['infoUser', 'number', 'twelve', MSG.positiveInteger],
    ['infoUser', 'postalCode', '-1', MSG.positiveInteger],
    ['infoUser', 'street', ' ', MSG.fieldRequired],
    ['infoUser', 'city', '', MSG.fieldRequired],
    ['infoMedic', 'specialization', '', MSG.fieldRequired],
    ['infoMedic', 'tuition_date', 'yesterday', MSG.invalidDate],
  ])('rejects %s.%s = %j with %s and writes nothing', async (group, field, value, msg) => {
    const body = {
      ...update,
      infoUser: { ...update.infoUser, city: 'Nowhere' },
      [group]: {
        ...(group === 'infoUser' ? { ...update.infoUser, city: 'Nowhere' } : update.infoMedic),
        [field]: value,
      },
    };
    const res = await call('/api/medics/1', { method: 'PUT', token: medic, body });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors[`${group}.${field}`]?.msg).toBe(msg);
    expect((await userRow(1))?.city).not.toBe('Nowhere');
  });

  test('?validate=true answers the error map and writes nothing', async () => {
    const body = { ...update, infoUser: { ...update.infoUser, city: 'Nowhere', telephone: '1' } };
    const res = await call('/api/medics/1?validate=true', { method: 'PUT', token: medic, body });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ errors: { 'infoUser.telephone': { msg: MSG.phoneTooShort } } });
    const clean = await call('/api/medics/1?validate=true', { method: 'PUT', token: medic, body: update });
    expect(await clean.json()).toMatchObject({ errors: {} });
    expect((await userRow(1))?.city).not.toBe('Nowhere');
  });

  test('a malformed or unknown ID is 404 or 403, never a 500', async () => {
    expect((await call('/api/medics/abc', { method: 'PUT', token: medic, body: update })).status).toBe(404);
    expect((await call('/api/medics/99', { method: 'PUT', token: medic, body: update })).status).toBe(403);
  });
});

describe("changing one's own email", () => {
  const withEmail = (email: string, currentPassword?: string) => ({
    ...update,
    infoUser: { ...update.infoUser, email },
    ...(currentPassword === undefined ? {} : { currentPassword }),
  });
  const mailsTo = async (to: string) =>
    (
      await env.DB.prepare('select subject, body from outbox where "to" = ? order by id')
        .bind(to)
        .all<{ subject: string; body: string }>()
    ).results;

  test('needs the current password: missing or wrong is 422 on currentPassword and nothing changes', async () => {
    const token = await signInMedic();
    let res = await call('/api/medics/1', { method: 'PUT', token, body: withEmail('thief@evil.example') });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordRequired);
    res = await call('/api/medics/1', {
      method: 'PUT',
      token,
      body: withEmail('thief@evil.example', 'Guess2026'),
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordWrong);
    expect((await userRow(1))?.email).toBe(DEMO_MEDIC.email);
    // other fields still update without it
    const same = await call('/api/medics/1', { method: 'PUT', token, body: update });
    expect(same.status).toBe(200);
  });

  test('with it: the old address gets a notice and every other session ends', async () => {
    const other = await signInMedic();
    const token = await signInMedic();
    const before = (await mailsTo(DEMO_MEDIC.email)).length;
    const res = await call('/api/medics/1', {
      method: 'PUT',
      token,
      body: withEmail('gregory@clinic.test', DEMO_MEDIC.password),
    });
    expect(res.status).toBe(200);
    // Only the new address's confirmation makes the change.
    expect(await res.json()).toMatchObject({ email: DEMO_MEDIC.email, emailPending: 'gregory@clinic.test' });
    expect((await mailsTo(DEMO_MEDIC.email)).slice(before)).toHaveLength(0);
    expect((await call('/api/me', { token: other })).status).toBe(200);
    expect((await confirmEmail('gregory@clinic.test')).status).toBe(200);
    const notices = (await mailsTo(DEMO_MEDIC.email)).slice(before);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe(MSG.emailChangedSubject);
    // the new address, masked
    expect(notices[0]?.body).toContain('g***@clinic.test');
    expect(notices[0]?.body).not.toContain('gregory@clinic.test');
    expect((await call('/api/me', { token: other })).status).toBe(401);
    expect((await call('/api/me', { token })).status).toBe(200);
    const back = await call('/api/medics/1', {
      method: 'PUT',
      token,
      body: withEmail(DEMO_MEDIC.email, DEMO_MEDIC.password),
    });
    expect(back.status).toBe(200);
    expect((await confirmEmail(DEMO_MEDIC.email)).status).toBe(200);
    expect((await userRow(1))?.email).toBe(DEMO_MEDIC.email);
    medic = token;
  });

  test('two medics racing to confirm one new email: one 200, one 409, never a 500', async () => {
    const first = await signInMedic();
    const second = await signIn('second@clinic.test', 'Second2026');
    for (let round = 0; round < 4; round++) {
      const email = `race${round}@clinic.test`;
      const asked = await Promise.all([
        call('/api/medics/1', { method: 'PUT', token: first, body: withEmail(email, DEMO_MEDIC.password) }),
        call('/api/medics/2', { method: 'PUT', token: second, body: withEmail(email, 'Second2026') }),
      ]);
      expect(asked.map((r) => r.status)).toEqual([200, 200]);
      // Both links went to the one address; whichever is used first takes it.
      const links = (await mailsTo(email)).flatMap(
        (m) => m.body.match(/\/api\/email\/confirm\?token=[^\s"<]+/g) ?? [],
      );
      expect(new Set(links).size).toBe(2);
      const answers = await Promise.all([...new Set(links)].map((path) => call(path, { method: 'POST' })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    }
    // The demo medic back to the demo address (whichever round left it where).
    if ((await userRow(1))?.email !== DEMO_MEDIC.email) {
      await call('/api/medics/1', {
        method: 'PUT',
        token: first,
        body: withEmail(DEMO_MEDIC.email, DEMO_MEDIC.password),
      });
      expect((await confirmEmail(DEMO_MEDIC.email)).status).toBe(200);
    }
    expect((await userRow(1))?.email).toBe(DEMO_MEDIC.email);
  });

  test('a write the email check let through (it lost a race) is refused by the unique index as 409 on infoUser.email', async () => {
    // Racing requests are not sure to interleave: here the write itself is made with a taken email
    // (the demo patient's, which no test here changes).
    const house = await findMedic(db(), 1);
    if (!house) throw new Error('no demo medic');
    const input = v.parse(MedicUpdateSchema, {
      ...update,
      infoUser: { ...update.infoUser, email: DEMO_PATIENT.email },
    });
    const refused = await updateMedic(db(), house, input).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: 'conflict',
      message: MSG.emailTaken,
      errors: { 'infoUser.email': { msg: MSG.emailTaken } },
    });
    expect((await userRow(1))?.email).toBe(DEMO_MEDIC.email);
  });
});
