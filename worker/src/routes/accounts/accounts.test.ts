import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  db,
  type ErrorBody,
  freshPerson,
  seed,
  signIn,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import { DEMO_MEDIC } from '../../local/seed';

/** The approving medic's own password: approving a medic takes re-authentication. */
const reauth = { currentPassword: DEMO_MEDIC.password };

beforeAll(seed);

/** A valid sign-up for a fresh person each call. */
function person(over: Record<string, unknown> = {}): Record<string, unknown> {
  const fresh = freshPerson('signup');
  return {
    email: fresh.email,
    password: 'Signup2026',
    confirmPassword: 'Signup2026',
    name: 'Marge',
    lastName: 'Bouvier',
    document: fresh.document,
    birth: '1990-03-19',
    ...over,
  };
}

async function countUsers(): Promise<number> {
  const row = await db().$client.prepare('select count(*) as n from users').first<{ n: number }>();
  return row?.n ?? 0;
}

describe('POST /api/patients (sign-up without a session)', () => {
  test('creates a patient with a password that can sign in', async () => {
    const infoUser = person();
    const res = await call('/api/patients', { body: { infoUser, infoPatient: { obraSocial: '998877' } } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userType: 'Patient', email: infoUser.email, approved: true });
    const token = await signIn(String(infoUser.email), String(infoUser.password));
    const me = await call('/api/me', { token });
    expect(await me.json()).toMatchObject({ userType: 'Patient', name: 'Marge', incomplete: false });
  });

  test.each([
    ['email', { email: '' }, MSG.emailRequired],
    ['email', { email: 'marge.at.home' }, MSG.emailInvalid],
    ['password', { password: '' }, MSG.passwordRequired],
    ['password', { password: 'NoDigitsHere' }, MSG.passwordInvalid],
    ['password', { password: 'Ab1' }, MSG.passwordTooShort],
    [
      'password',
      { password: 'Abcdefghijklmnop1', confirmPassword: 'Abcdefghijklmnop1' },
      MSG.passwordTooLongSignUp,
    ],
    ['confirmPassword', { confirmPassword: '' }, MSG.confirmPassword],
    ['confirmPassword', { confirmPassword: 'Other2026' }, MSG.passwordsDontMatch],
    ['name', { name: '' }, MSG.nameRequired],
    ['name', { name: 'Marge2' }, MSG.nameInvalid],
    ['lastName', { lastName: '' }, MSG.lastNameRequired],
    ['lastName', { lastName: 'B0uvier' }, MSG.lastNameInvalid],
    ['document', { document: '' }, MSG.idRequired],
    ['document', { document: '12a4567' }, MSG.idInvalid],
    ['document', { document: '123456' }, MSG.idInvalid],
    ['birth', { birth: '' }, MSG.birthRequired],
    ['birth', { birth: 'yesterday' }, MSG.birthRequired],
  ])('refuses a bad %s with its SPEC message and writes nothing', async (field, over, msg) => {
    const before = await countUsers();
    const res = await call('/api/patients', {
      body: { infoUser: person(over), infoPatient: { obraSocial: '1234' } },
    });
    expect(res.status).toBe(422);
    const body = await res.json<ErrorBody>();
    expect(body.error).toBe('invalid');
    expect(body.errors[`infoUser.${field}`]?.msg).toBe(msg);
    expect(await countUsers()).toBe(before);
  });

  test.each([
    ['', MSG.insuranceRequired],
    ['   ', MSG.insuranceRequired],
    ['<OSDE>', MSG.insuranceInvalid],
    ['x'.repeat(61), MSG.insuranceInvalid],
  ])('refuses medical insurance %o with %s', async (obraSocial, msg) => {
    const res = await call('/api/patients', { body: { infoUser: person(), infoPatient: { obraSocial } } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoPatient.obraSocial']?.msg).toBe(msg);
  });

  test.each([
    ['OSDE 310', 'OSDE 310'],
    ['  Swiss   Medical SMG20 ', 'Swiss Medical SMG20'],
    ['None', 'none'],
    [998877, '998877'],
  ])('takes medical insurance as people write it: %o is kept as %o', async (obraSocial, kept) => {
    const infoUser = person();
    const res = await call('/api/patients', { body: { infoUser, infoPatient: { obraSocial } } });
    expect(res.status).toBe(201);
    const row = await db()
      .$client.prepare(
        'select p.obra_social as o, p.medical_service as s from patients p join users u on u.id = p.user_id where u.email = ?',
      )
      .bind(infoUser.email)
      .first<{ o: string; s: string }>();
    expect(row?.o).toBe(kept);
    // the profile's medical service starts as the insurance written (none: left for the patient)
    expect(row?.s).toBe(kept === 'none' ? '' : kept);
  });

  test('an empty body names every field, never a 500', async () => {
    const res = await call('/api/patients', { body: {} });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors['infoUser.email']?.msg).toBe(MSG.emailRequired);
    expect(errors['infoUser.name']?.msg).toBe(MSG.nameRequired);
    expect(errors['infoPatient.obraSocial']?.msg).toBe(MSG.insuranceRequired);
  });

  test('?validate=true answers the error map and writes nothing', async () => {
    const before = await countUsers();
    const ok = await call('/api/patients?validate=true', {
      body: { infoUser: person(), infoPatient: { obraSocial: '55' } },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ errors: {} });
    const bad = await call('/api/patients?validate=true', { body: { infoUser: person({ name: '' }) } });
    expect((await bad.json<ErrorBody>()).errors['infoUser.name']?.msg).toBe(MSG.nameRequired);
    expect(await countUsers()).toBe(before);
  });

  test('a taken email or document answers 409 This user already exists', async () => {
    const first = person();
    expect(
      (await call('/api/patients', { body: { infoUser: first, infoPatient: { obraSocial: '1' } } })).status,
    ).toBe(201);
    for (const dup of [person({ email: first.email }), person({ document: first.document })]) {
      const res = await call('/api/patients', { body: { infoUser: dup, infoPatient: { obraSocial: '1' } } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.userExists });
    }
    // the demo medic's email is taken too, whatever the user type
    const res = await call('/api/patients', {
      body: { infoUser: person({ email: DEMO_MEDIC.email }), infoPatient: { obraSocial: '1' } },
    });
    expect(res.status).toBe(409);
  });

  test('a desk whose session ended meanwhile is told to sign in (401), not taken for a stranger signing up', async () => {
    const token = await signInMedic();
    expect((await call('/api/logout', { token, body: {} })).status).toBe(200);
    const { password: _none, confirmPassword: _neither, ...infoUser } = person();
    const before = await countUsers();
    const res = await call('/api/patients', { token, body: { infoUser, infoPatient: { obraSocial: '1' } } });
    expect(res.status).toBe(401);
    expect((await res.json<ErrorBody>()).msg).toBe(MSG.notSignedIn);
    expect(await countUsers()).toBe(before);
  });

  test('a signed-in patient cannot register anyone', async () => {
    const res = await call('/api/patients', {
      token: await signInPatient(),
      body: { infoUser: person(), infoPatient: { obraSocial: '1' } },
    });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/medics (sign-up without a session)', () => {
  test('a medic signing up on a clinic that has medics waits for approval', async () => {
    const infoUser = person({ name: 'Julius', lastName: 'Hibbert' });
    const res = await call('/api/medics', { body: { infoUser, infoMedic: { tuition_number: '7788' } } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userType: 'Medic', approved: false });
    // signs in, but only to the waiting page: medic routes refuse it
    const token = await signIn(String(infoUser.email), String(infoUser.password));
    expect(await (await call('/api/me', { token })).json()).toMatchObject({
      userType: 'Medic',
      approved: false,
    });
    expect((await call('/api/medics/pending', { token })).status).toBe(403);
    expect((await call('/api/patients/1/audit', { token })).status).toBe(403);
  });

  test.each([
    ['', MSG.tuitionNumberRequired],
    ['MN-77', MSG.tuitionNumberRequired],
  ])('refuses tuition number %o with Tuition number is required', async (tuition_number, msg) => {
    const res = await call('/api/medics', { body: { infoUser: person(), infoMedic: { tuition_number } } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoMedic.tuition_number']?.msg).toBe(msg);
  });

  test('a taken email answers 409', async () => {
    const res = await call('/api/medics', {
      body: { infoUser: person({ email: DEMO_MEDIC.email }), infoMedic: { tuition_number: 12 } },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.userExists });
  });

  test('a clinic other than the deployment one (ClinicID 999) is 404 and makes no account', async () => {
    // mutation tried: without the ClinicID check the medic is made under clinic 999 (201)
    const infoUser = person();
    const res = await call('/api/medics', {
      body: { infoUser, infoMedic: { tuition_number: 12 }, ClinicID: 999 },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ msg: MSG.clinicNotAdded });
    const row = await db()
      .$client.prepare('select count(*) as n from users where email = ?')
      .bind(infoUser.email)
      .first<{ n: number }>();
    expect(row?.n).toBe(0);
  });
});

describe('lookalike emails', () => {
  test('an invisible character or a Latin-Cyrillic mix is refused; fullwidth letters are NFKC-normalised', async () => {
    const before = await countUsers();
    for (const email of [
      'pat\u200Bient@clinic.test',
      'p\u0430tient@clinic.test',
      'patient\u00AD@clinic.test',
    ]) {
      const res = await call('/api/patients', {
        body: { infoUser: person({ email }), infoPatient: { obraSocial: '1' } },
      });
      expect(res.status, JSON.stringify(email)).toBe(422);
      expect(Object.keys((await res.json<{ errors: Record<string, unknown> }>()).errors)).toContain(
        'infoUser.email',
      );
    }
    expect(await countUsers()).toBe(before);
    // ｐａｔｉｅｎｔ (fullwidth) is the demo patient's address once normalised: already registered
    const fullwidth = '\uFF50\uFF41\uFF54\uFF49\uFF45\uFF4E\uFF54@clinic.test';
    const res = await call('/api/patients', {
      body: { infoUser: person({ email: fullwidth }), infoPatient: { obraSocial: '1' } },
    });
    expect(res.status).toBe(409);
    expect(await countUsers()).toBe(before);
  });
});

describe('medic approval', () => {
  test('a medic of the clinic lists the waiting medic and approves them', async () => {
    const infoUser = person({ name: 'Nick', lastName: 'Riviera' });
    await call('/api/medics', { body: { infoUser, infoMedic: { tuition_number: '31' } } });
    const medic = await signInMedic();
    const list = await call('/api/medics/pending', { token: medic });
    expect(list.status).toBe(200);
    const pending = await list.json<{ medicID: number; email: string }[]>();
    const waiting = pending.find((m) => m.email === infoUser.email);
    expect(waiting).toBeTruthy();
    // ?validate=true runs the approval's check and approves nobody
    const dry = await call(`/api/medics/${waiting?.medicID}/approve?validate=true`, {
      method: 'PUT',
      token: medic,
    });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toEqual({ errors: {} });
    const stillWaiting = await signIn(String(infoUser.email), String(infoUser.password));
    expect((await call('/api/medics/pending', { token: stillWaiting })).status).toBe(403);
    expect(
      (await call('/api/medics/9999/approve?validate=true', { method: 'PUT', token: medic })).status,
    ).toBe(404);
    const ok = await call(`/api/medics/${waiting?.medicID}/approve`, {
      method: 'PUT',
      token: medic,
      body: reauth,
    });
    expect(ok.status).toBe(200);
    // now the new medic reaches medic routes
    const token = await signIn(String(infoUser.email), String(infoUser.password));
    expect((await call('/api/medics/pending', { token })).status).toBe(200);
    // approving twice, or an unknown medic, is a 404
    expect(
      (await call(`/api/medics/${waiting?.medicID}/approve`, { method: 'PUT', token: medic, body: reauth }))
        .status,
    ).toBe(404);
    expect(
      (await call('/api/medics/9999/approve', { method: 'PUT', token: medic, body: reauth })).status,
    ).toBe(404);
  });

  test('a patient cannot approve medics', async () => {
    const res = await call('/api/medics/1/approve', { method: 'PUT', token: await signInPatient() });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/login/oneUser', () => {
  test('tells a signed-in medic whether the email has an account (nobody else: limits.test.ts)', async () => {
    const token = await signInMedic();
    const ask = async (email: string) =>
      (await call('/api/login/oneUser', { token, body: { email } })).json();
    expect(await ask(DEMO_MEDIC.email)).toEqual({ success: true });
    expect(await ask('ghost@clinic.test')).toEqual({ success: false });
  });
});
