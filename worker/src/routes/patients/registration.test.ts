import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  type ErrorBody,
  freshPerson,
  seed,
  signIn,
  signInMedic,
  signInPatient,
  signUpPatient,
  workdays,
} from '../../../test/helpers';
import type { PatientDetails, Turn } from '../../contract/answers';
import { etagOf } from '../../contract/etag';
import { MSG } from '../../contract/messages';
import { DEMO_MEDIC } from '../../local/seed';

let medic: string;
const workday = workdays();

/** A registration at the desk; each call gets its own document and email unless told. */
function desk(infoUser: Record<string, unknown> = {}, infoPatient: Record<string, unknown> = {}) {
  const fresh = freshPerson('lisa');
  return {
    infoUser: {
      name: 'Lisa',
      lastName: 'Simpson',
      document: fresh.document,
      email: fresh.email,
      city: 'Springfield',
      street: 'Evergreen Terrace',
      number: '742',
      postalCode: '1001',
      cellphone: '1155550303',
      telephone: '1145550303',
      birth: '2015-05-09',
      ...infoUser,
    },
    infoPatient: { medicalService: 'OSDE', ...infoPatient },
  };
}

async function register(body: unknown): Promise<PatientDetails> {
  const res = await call('/api/patients', { body, token: medic });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<PatientDetails>();
}

const mailsTo = async (to: string) =>
  (
    await env.DB.prepare('select subject, body from outbox where "to" = ? order by id')
      .bind(to)
      .all<{ subject: string; body: string }>()
  ).results;

const countUsers = async (): Promise<number> =>
  (await env.DB.prepare('select count(*) as n from users').first<{ n: number }>())?.n ?? 0;

/** A guardian who signs in: a patient signed up on their own, with their patient record's ID. */
async function guardianAccount(prefix: string) {
  const who = await signUpPatient(prefix);
  const token = await signIn(who.email, who.password);
  const me = await (await call('/api/me', { token })).json<{ patientID: number }>();
  return { ...who, token, id: me.patientID };
}

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
});

describe('a dependant and their guardian', () => {
  test('a dependant may share the guardian’s email; nobody else may', async () => {
    const guardian = await register(desk({ name: 'Marge', birth: '1980-01-01' }));
    const child = await register(
      desk({ name: 'Maggie', email: guardian.email }, { guardianID: guardian.ID }),
    );
    expect(child).toMatchObject({ email: guardian.email, guardianID: guardian.ID, tutor: guardian.fullName });
    // the guardian still signs in alone with that address; a stranger cannot take it
    const stranger = await call('/api/patients', { token: medic, body: desk({ email: guardian.email }) });
    expect(stranger.status).toBe(409);
    expect((await stranger.json<ErrorBody>()).errors['infoUser.email']?.msg).toBe(MSG.emailTaken);
    const found = await call(`/api/patients?email=${encodeURIComponent(guardian.email)}`, { token: medic });
    expect((await found.json<PatientDetails>()).ID).toBe(guardian.ID);
  });

  test('a dependant may have no email; any other address than the guardian’s is refused', async () => {
    const guardian = await register(desk({ name: 'Homer', birth: '1978-01-01' }));
    const none = await register(desk({ name: 'Bart', email: '' }, { guardianID: guardian.ID }));
    expect(none).toMatchObject({ email: '', guardianID: guardian.ID });
    // a dependant's email is not missing: their mail goes to the guardian
    expect(none.missing).toEqual([]);
    const before = await countUsers();
    const other = await call('/api/patients', {
      token: medic,
      body: desk({ email: 'bart.own@clinic.test' }, { guardianID: guardian.ID }),
    });
    expect(other.status).toBe(422);
    expect((await other.json<ErrorBody>()).errors['infoUser.email']?.msg).toBe(MSG.emailNotGuardians);
    const noGuardian = await call('/api/patients', { token: medic, body: desk({}, { guardianID: 999_999 }) });
    expect(noGuardian.status).toBe(422);
    expect((await noGuardian.json<ErrorBody>()).errors['infoPatient.guardianID']?.msg).toBe(
      MSG.guardianNotFound,
    );
    const chain = await call('/api/patients', {
      token: medic,
      body: desk({ email: '' }, { guardianID: none.ID }),
    });
    expect(chain.status).toBe(422);
    expect((await chain.json<ErrorBody>()).errors['infoPatient.guardianID']?.msg).toBe(
      MSG.guardianIsDependant,
    );
    expect(await countUsers()).toBe(before);
  });

  test('mail for a dependant goes to the guardian', async () => {
    const guardian = await register(desk({ name: 'Ned', birth: '1960-01-01' }));
    const child = await register(desk({ name: 'Rod', email: '' }, { guardianID: guardian.ID }));
    const before = (await mailsTo(guardian.email)).length;
    const booked = await call('/api/turns', {
      token: medic,
      body: {
        date: workday(),
        time: 10,
        duration: 0.5,
        description: 'Check-up',
        MedicID: 1,
        PatientID: child.ID,
      },
    });
    expect(booked.status).toBe(201);
    const mails = await mailsTo(guardian.email);
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)?.body).toContain('Rod');
  });

  test('the guardian’s portal lists the dependants and books for them, and for nobody else', async () => {
    const guardian = await guardianAccount('guardian');
    const child = await register(desk({ name: 'Todd', email: guardian.email }, { guardianID: guardian.id }));
    const list = await call(`/api/patients/${guardian.id}/dependants`, { token: guardian.token });
    expect(list.status).toBe(200);
    expect((await list.json<PatientDetails[]>()).map((p) => p.ID)).toEqual([child.ID]);
    // the dependant never signs in: the shared address signs the guardian in
    expect(await signIn(guardian.email, guardian.password)).toBeTruthy();

    const booked = await call('/api/turns', {
      token: guardian.token,
      body: { date: workday(), time: 9, PatientID: child.ID },
    });
    expect(booked.status).toBe(201);
    expect((await booked.json<Turn>()).PatientID).toBe(child.ID);

    const stranger = await register(desk({ name: 'Nelson' }));
    const forSelf = await call('/api/turns', {
      token: guardian.token,
      body: { date: workday(), time: 9.5, PatientID: stranger.ID },
    });
    // anyone else's ID books for the guardian themselves, as a patient's booking always did
    expect(forSelf.status).toBe(201);
    expect((await forSelf.json<Turn>()).PatientID).toBe(guardian.id);
    // another patient cannot read the guardian's dependants
    const other = await signInPatient();
    expect((await call(`/api/patients/${guardian.id}/dependants`, { token: other })).status).toBe(404);
  });
});

describe('document types', () => {
  test('a passport takes letters and digits, stored in capitals', async () => {
    const created = await register(desk({ documentType: 'passport', document: 'aa1234567' }));
    expect(created).toMatchObject({ documentType: 'passport', document: 'AA1234567' });
    const foreign = await register(desk({ documentType: 'foreign', document: 'X9876543' }));
    expect(foreign).toMatchObject({ documentType: 'foreign', document: 'X9876543' });
    // a DNI stays SPEC's digits, and is the type when none is chosen
    expect(await register(desk())).toMatchObject({ documentType: 'DNI' });
  });

  test.each([
    ['DNI', 'AA1234567', MSG.invalidId],
    ['DNI', '999999', MSG.invalidId],
    ['passport', 'A-12', MSG.invalidOtherDocument],
    ['passport', 'AB 123456', MSG.invalidOtherDocument],
    ['foreign', 'x'.repeat(21), MSG.invalidOtherDocument],
    ['visa', '12345678', MSG.documentTypeInvalid],
  ])('a %s %o is refused with its own message', async (documentType, document, msg) => {
    const before = await countUsers();
    const res = await call('/api/patients', { token: medic, body: desk({ documentType, document }) });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    const field = documentType === 'visa' ? 'infoUser.documentType' : 'infoUser.document';
    expect(errors[field]?.msg).toBe(msg);
    expect(await countUsers()).toBe(before);
  });
});

describe('the desk may leave fields empty', () => {
  test('telephone, email and medical service empty: registered, and the patient says what is missing', async () => {
    const created = await register(desk({ telephone: '', email: '' }, { medicalService: '' }));
    expect(created.missing).toEqual(['telephone', 'email', 'medicalService']);
    const read = await (await call(`/api/patients/${created.ID}`, { token: medic })).json<PatientDetails>();
    expect(read.missing).toEqual(['telephone', 'email', 'medicalService']);
    // two patients with no email do not clash
    await register(desk({ cellphone: '', email: '' }));
  });

  test('one phone is enough, but one is needed', async () => {
    const res = await call('/api/patients', { token: medic, body: desk({ telephone: '', cellphone: '' }) });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoUser.cellphone']?.msg).toBe(MSG.onePhoneNeeded);
    const short = await call('/api/patients', { token: medic, body: desk({ telephone: '1234' }) });
    expect((await short.json<ErrorBody>()).errors['infoUser.telephone']?.msg).toBe(MSG.phoneTooShort);
  });
});

describe('PUT /api/patients/{id}/identity (the desk corrects a document and email)', () => {
  const reauth = { currentPassword: DEMO_MEDIC.password };

  test('re-authenticated, access-logged, and mailed at the old and the new address', async () => {
    const patient = await register(desk({ name: 'Milhouse', birth: '1990-01-01' }));
    const newEmail = freshPerson('milhouse.fixed').email;
    const body = { documentType: 'passport', document: 'MV1234567', email: newEmail };

    const wrong = await call(`/api/patients/${patient.ID}/identity`, {
      method: 'PUT',
      token: medic,
      body: { ...body, currentPassword: 'Wrong2026' },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordWrong);
    const unchanged = await (
      await call(`/api/patients/${patient.ID}`, { token: medic })
    ).json<PatientDetails>();
    expect(unchanged).toMatchObject({ document: patient.document, email: patient.email });

    const res = await call(`/api/patients/${patient.ID}/identity`, {
      method: 'PUT',
      token: medic,
      body: { ...body, ...reauth },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      documentType: 'passport',
      document: 'MV1234567',
      email: newEmail,
    });
    expect(res.headers.get('ETag')).toBeTruthy();

    const oldMails = await mailsTo(patient.email);
    const newMails = await mailsTo(newEmail);
    expect(oldMails.at(-1)?.subject).toBe(MSG.identityCorrectedSubject);
    expect(newMails.map((m) => m.subject)).toEqual([MSG.identityCorrectedSubject]);
    expect(newMails[0]?.body).toContain(`${patient.document} (DNI) is now MV1234567 (passport)`);

    await expect
      .poll(
        async () =>
          (
            await env.DB.prepare(
              "select count(*) as n from audit_log where patient_id = ? and action = 'correct patient identity' and status = 200",
            )
              .bind(patient.ID)
              .first<{ n: number }>()
          )?.n,
        { timeout: 10_000 },
      )
      .toBe(1);
  });

  test('a document someone else has is 409; a patient cannot correct anyone; bad input is 422', async () => {
    const one = await register(desk());
    const two = await register(desk());
    const taken = await call(`/api/patients/${two.ID}/identity`, {
      method: 'PUT',
      token: medic,
      body: { documentType: 'DNI', document: one.document, email: two.email, ...reauth },
    });
    expect(taken.status).toBe(409);
    expect((await taken.json<ErrorBody>()).errors.document?.msg).toBe(MSG.documentTaken);
    const bad = await call(`/api/patients/${two.ID}/identity`, {
      method: 'PUT',
      token: medic,
      body: { documentType: 'DNI', document: 'AB12', email: two.email, ...reauth },
    });
    expect(bad.status).toBe(422);
    expect((await bad.json<ErrorBody>()).errors.document?.msg).toBe(MSG.invalidId);
    const badEmail = await call(`/api/patients/${two.ID}/identity`, {
      method: 'PUT',
      token: medic,
      body: { documentType: 'DNI', document: two.document, email: 'nope', ...reauth },
    });
    expect((await badEmail.json<ErrorBody>()).errors.email?.msg).toBe(MSG.insertValidEmail);
    const patient = await signInPatient();
    const asPatient = await call(`/api/patients/${two.ID}/identity`, {
      method: 'PUT',
      token: patient,
      body: { documentType: 'DNI', document: '30999111', email: two.email, currentPassword: 'Patient2026' },
    });
    expect(asPatient.status).toBe(403);
  });
});

describe('forms send If-Match with the record as their screen read it', () => {
  test("a turn as the calendar's list answers it is the version a move names; a stale one is 412", async () => {
    const patient = await register(desk());
    const date = workday();
    const booked = await call('/api/turns', {
      token: medic,
      body: { date, time: 15, duration: 0.5, description: 'Check-up', MedicID: 1, PatientID: patient.ID },
    });
    expect(booked.status).toBe(201);
    const list = await (await call(`/api/turns?from=${date}&to=${date}`, { token: medic })).json<Turn[]>();
    const listed = list.find((t) => t.PatientID === patient.ID);
    expect(listed).toBeDefined();
    const move = (to: number, tag: string) =>
      call(`/api/turns/move/${listed?.ID}`, {
        method: 'PUT',
        token: medic,
        body: { date, time: to },
        headers: { 'If-Match': tag },
      });
    expect((await move(16, etagOf(listed))).status).toBe(200);
    // the calendar still showing the old one: refused, nothing moved
    const stale = await move(17, etagOf(listed));
    expect(stale.status).toBe(412);
    const after = await (await call(`/api/turns?from=${date}&to=${date}`, { token: medic })).json<Turn[]>();
    expect(after.find((t) => t.ID === listed?.ID)?.time).toBe(16);
  });

  test('the medic profile and the clinic as their forms read them are the versions a save names', async () => {
    const medicRecord = await (
      await call(`/api/medics?email=${encodeURIComponent(DEMO_MEDIC.email)}`, { token: medic })
    ).json<Record<string, unknown>>();
    const res = await call(`/api/medics?email=${encodeURIComponent(DEMO_MEDIC.email)}`, { token: medic });
    expect(res.headers.get('ETag')).toBe(etagOf(medicRecord));
    const clinic = await call('/api/Clinics', { token: medic });
    expect(clinic.headers.get('ETag')).toBe(etagOf(await clinic.json()));
  });
});
