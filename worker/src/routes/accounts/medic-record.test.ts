import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  DEMO_CLINIC_SECTION,
  db,
  type ErrorBody,
  freshPerson,
  newMedicRecord,
  seed,
  signIn,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { DEMO_MEDIC, DEMO_PATIENT } from '../../local/seed';

// 'Medical record' (/home/doctor, Medic registration form): a signed-in medic registers
// another medic of the clinic through the signed-in branch of POST /api/medics.
beforeAll(seed);

function record(
  over: { infoUser?: object; infoMedic?: object; infoClinic?: object } = {},
): Record<string, unknown> {
  const fresh = freshPerson('record');
  const base = newMedicRecord(fresh.document, fresh.email);
  return {
    infoUser: { ...base.infoUser, ...over.infoUser },
    infoMedic: { ...base.infoMedic, ...over.infoMedic },
    infoClinic: { ...DEMO_CLINIC_SECTION, ...over.infoClinic },
    ClinicID: 1,
    currentPassword: base.currentPassword,
  };
}

async function countUsers(): Promise<number> {
  const row = await db().$client.prepare('select count(*) as n from users').first<{ n: number }>();
  return row?.n ?? 0;
}

async function clinicRow(): Promise<Record<string, unknown> | null> {
  return db().$client.prepare('select * from clinics where id = 1').first();
}

describe('POST /api/medics by a signed-in medic', () => {
  test('registers a medic who is approved at once and signs in to medic routes', async () => {
    const body = record();
    const res = await call('/api/medics', { token: await signInMedic(), body });
    expect(res.status).toBe(201);
    const infoUser = body.infoUser as Record<string, string>;
    expect(await res.json()).toMatchObject({
      userType: 'Medic',
      approved: true,
      email: infoUser.email,
      document: infoUser.document,
      name: 'Julius',
      telephone: '011 4555 0199',
      doctorTitle: 'Dr.',
      doctorSpecialization: 'Orthodontics',
      doctorTuitionDate: '1990-06-01',
      doctorTuitionNumber: 445566,
      ClinicID: 1,
    });
    const token = await signIn(String(infoUser.email), String(infoUser.password));
    expect(await (await call('/api/me', { token })).json()).toMatchObject({
      userType: 'Medic',
      approved: true,
    });
    // a medic route answers: nothing waits for approval
    expect((await call('/api/medics/pending', { token })).status).toBe(200);
  });

  test('saves the clinic section to the clinic the medic joins', async () => {
    const res = await call('/api/medics', {
      token: await signInMedic(),
      body: record({ infoClinic: { logo: 'https://img.clinic.test/new.png', hours: 'Every day 8–20' } }),
    });
    expect(res.status).toBe(201);
    expect(await clinicRow()).toMatchObject({
      logo: 'https://img.clinic.test/new.png',
      hours: 'Every day 8–20',
      name: 'Demo Clinic',
    });
  });

  const user = (fields: object) => ({ infoUser: fields });
  const medic = (fields: object) => ({ infoMedic: fields });
  const clinic = (fields: object) => ({ infoClinic: fields });
  test.each([
    ['infoUser.document', user({ document: '' }), MSG.fieldRequired],
    ['infoUser.document', user({ document: '12.345.678' }), MSG.justNumbers],
    ['infoUser.document', user({ document: '123456789' }), MSG.invalidId],
    ['infoUser.name', user({ name: '' }), MSG.fieldRequired],
    ['infoUser.name', user({ name: 'Jul1us' }), MSG.nameInvalid],
    ['infoUser.lastName', user({ lastName: ' ' }), MSG.fieldRequired],
    ['infoUser.birth', user({ birth: '' }), MSG.fieldRequired],
    ['infoUser.birth', user({ birth: '1961-02-30' }), MSG.invalidDate],
    ['infoUser.birth', user({ birth: '2999-01-01' }), MSG.birthInFuture],
    ['infoUser.street', user({ street: '' }), MSG.fieldRequired],
    ['infoUser.telephone', user({ telephone: '' }), MSG.phoneNumberRequired],
    ['infoUser.telephone', user({ telephone: '4555' }), MSG.phoneTooShort],
    ['infoUser.cellphone', user({ cellphone: '' }), MSG.cellphoneNumberRequired],
    ['infoUser.number', user({ number: '' }), MSG.adressNumberRequired],
    ['infoUser.number', user({ number: 'twelve' }), MSG.positiveInteger],
    ['infoUser.city', user({ city: '' }), MSG.fieldRequired],
    ['infoUser.postalCode', user({ postalCode: '' }), MSG.fieldRequired],
    ['infoUser.postalCode', user({ postalCode: '-4000' }), MSG.positiveInteger],
    ['infoUser.email', user({ email: '' }), MSG.emailRequired],
    ['infoUser.email', user({ email: 'julius.at.home' }), MSG.emailInvalid],
    ['infoUser.password', user({ password: '' }), MSG.passwordRequired],
    ['infoUser.password', user({ password: 'NoDigitsHere' }), MSG.passwordInvalid],
    ['infoUser.password', user({ password: 'Ab1' }), MSG.passwordTooShort],
    ['infoMedic.title', medic({ title: '' }), MSG.fieldRequired],
    ['infoMedic.specialization', medic({ specialization: '' }), MSG.fieldRequired],
    ['infoMedic.tuition_date', medic({ tuition_date: '' }), MSG.fieldRequired],
    ['infoMedic.tuition_number', medic({ tuition_number: '' }), MSG.tuitionNumberRequired],
    ['infoMedic.tuition_number', medic({ tuition_number: 'MN-44' }), MSG.justNumbers],
    ['infoClinic.logo', clinic({ logo: '' }), MSG.logoRequired],
    ['infoClinic.logo', clinic({ logo: 'logo.png' }), MSG.insertValidImageUrl],
    ['infoClinic.name', clinic({ name: '' }), MSG.fieldRequired],
    ['infoClinic.street', clinic({ street: '' }), MSG.fieldRequired],
    ['infoClinic.number', clinic({ number: '' }), MSG.adressNumberRequired],
    ['infoClinic.city', clinic({ city: '' }), MSG.fieldRequired],
    ['infoClinic.postalCode', clinic({ postalCode: '0' }), MSG.positiveInteger],
    ['infoClinic.telephone', clinic({ telephone: '' }), MSG.phoneNumberRequired],
    ['infoClinic.email', clinic({ email: '' }), MSG.emailRequired],
    ['infoClinic.email', clinic({ email: 'info@' }), MSG.emailInvalid],
    ['infoClinic.hours', clinic({ hours: '' }), MSG.fieldRequired],
  ])('refuses a bad %s with its SPEC message and writes nothing', async (key, over, msg) => {
    const token = await signInMedic();
    const before = await countUsers();
    const clinicBefore = await clinicRow();
    const res = await call('/api/medics', { token, body: record(over) });
    expect(res.status).toBe(422);
    const body = await res.json<ErrorBody>();
    expect(body.error).toBe('invalid');
    expect(body.errors[key]?.msg).toBe(msg);
    expect(await countUsers()).toBe(before);
    expect(await clinicRow()).toEqual(clinicBefore);
  });

  test('an empty body names every required field, never a 500', async () => {
    const res = await call('/api/medics', { token: await signInMedic(), body: {} });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors['infoUser.document']?.msg).toBe(MSG.fieldRequired);
    expect(errors['infoUser.telephone']?.msg).toBe(MSG.phoneNumberRequired);
    expect(errors['infoUser.cellphone']?.msg).toBe(MSG.cellphoneNumberRequired);
    expect(errors['infoUser.number']?.msg).toBe(MSG.adressNumberRequired);
    expect(errors['infoUser.password']?.msg).toBe(MSG.passwordRequired);
    expect(errors['infoUser.email']?.msg).toBe(MSG.emailRequired);
    expect(errors['infoMedic.tuition_number']?.msg).toBe(MSG.tuitionNumberRequired);
    // the clinic section is optional: without it the clinic stays as it is
    expect(errors['infoClinic.logo']).toBeUndefined();
    // the signed-out sign-up schema did not answer: its confirmPassword is not asked for
    expect(errors['infoUser.confirmPassword']).toBeUndefined();
  });

  test('?validate=true answers the error map and writes nothing', async () => {
    const token = await signInMedic();
    const before = await countUsers();
    const ok = await call('/api/medics?validate=true', { token, body: record() });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ errors: {} });
    const bad = await call('/api/medics?validate=true', {
      token,
      body: record({ infoClinic: { logo: '' } }),
    });
    expect((await bad.json<ErrorBody>()).errors['infoClinic.logo']?.msg).toBe(MSG.logoRequired);
    expect(await countUsers()).toBe(before);
  });

  test('a taken email or document answers 409 under the field and writes nothing', async () => {
    const token = await signInMedic();
    const before = await countUsers();
    const email = await call('/api/medics', {
      token,
      body: record({ infoUser: { email: DEMO_PATIENT.email } }),
    });
    expect(email.status).toBe(409);
    expect(await email.json()).toMatchObject({
      error: 'conflict',
      msg: MSG.userExists,
      errors: { 'infoUser.email': { msg: MSG.emailTaken } },
    });
    const taken = await (await call('/api/me', { token })).json<{ document: string }>();
    const document = await call('/api/medics', {
      token,
      body: record({ infoUser: { document: taken.document } }),
    });
    expect(document.status).toBe(409);
    expect((await document.json<ErrorBody>()).errors).toEqual({
      'infoUser.document': { msg: MSG.idTaken },
    });
    const both = await call('/api/medics', {
      token,
      body: record({ infoUser: { email: DEMO_MEDIC.email.toUpperCase(), document: taken.document } }),
    });
    expect(Object.keys((await both.json<ErrorBody>()).errors).sort()).toEqual([
      'infoUser.document',
      'infoUser.email',
    ]);
    expect(await countUsers()).toBe(before);
  });

  test('an unknown clinic is a 404 and writes nothing', async () => {
    const before = await countUsers();
    const res = await call('/api/medics', {
      token: await signInMedic(),
      body: { ...record(), ClinicID: 99 },
    });
    expect(res.status).toBe(404);
    expect(await countUsers()).toBe(before);
  });

  test('a patient, or a medic still waiting for approval, cannot register medics', async () => {
    expect((await call('/api/medics', { token: await signInPatient(), body: record() })).status).toBe(403);
    const waiting = {
      email: 'waiting-record@clinic.test',
      password: 'Waiting2026',
      confirmPassword: 'Waiting2026',
      name: 'Nick',
      lastName: 'Riviera',
      document: '39888777',
      birth: '1970-01-01',
    };
    const signUp = await call('/api/medics', {
      body: { infoUser: waiting, infoMedic: { tuition_number: '9' } },
    });
    expect(await signUp.json()).toMatchObject({ approved: false });
    const token = await signIn(waiting.email, waiting.password);
    expect((await call('/api/medics', { token, body: record() })).status).toBe(403);
  });

  test('without a session the same path is still sign-up', async () => {
    const clinicBefore = await clinicRow();
    const res = await call('/api/medics', { body: record() });
    // a sign-up: the medic waits for approval, and the clinic section is not read
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userType: 'Medic', approved: false });
    expect(await clinicRow()).toEqual(clinicBefore);
  });
});

describe('the pending list does not collide with medic IDs', () => {
  test('GET /api/medics/pending answers the waiting list, PUT /api/medics/:id is the profile', async () => {
    const token = await signInMedic();
    const pending = await call('/api/medics/pending', { token });
    expect(pending.status).toBe(200);
    expect(Array.isArray(await pending.json())).toBe(true);
    // PUT /api/medics/pending is not the approve route nor a medic: a bad ID is a 404
    const put = await call('/api/medics/pending', { method: 'PUT', token, body: {} });
    expect(put.status).toBe(404);
  });
});
