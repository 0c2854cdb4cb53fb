import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { call, type ErrorBody, seed, signInMedic, signInPatient } from '../../../test/helpers';
import type { Clinic } from '../../contract/clinic';
import { MSG } from '../../contract/messages';
import { formatOfficeHours, parseOfficeHours } from '../../contract/office-hours';
import { DEMO_OFFICE_HOURS } from '../../local/seed';

const WEEKDAY = [
  { min: 9, max: 13 },
  { min: 14.5, max: 18.75 },
];
const OFFICE_HOURS = JSON.stringify([
  [],
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  WEEKDAY,
  [{ min: 9, max: 12.25 }],
]);

const newClinic = {
  name: 'Smile Centre',
  street: 'Elm Street',
  city: 'Rosario',
  number: '1428',
  postalcode: '2000',
  telephone: '0341 555 0199',
  email: 'Front@Smile.test',
  imgLogo: 'https://img.smile.test/logo.png',
  turnStandardDuration: 0.75,
  officeHours: OFFICE_HOURS,
  timeZone: 'America/Argentina/Cordoba',
};

let medic: string;
let patient: string;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

const clinicCount = async (): Promise<number> =>
  (await env.DB.prepare('select count(*) as n from clinics').first<{ n: number }>())?.n ?? 0;

describe('GET /api/Clinics', () => {
  test('answers the demo clinic with its office hours as JSON text, Sunday first', async () => {
    const res = await call('/api/Clinics', { token: medic });
    expect(res.status).toBe(200);
    const clinic = await res.json<Clinic>();
    expect(clinic).toMatchObject({ ID: 1, name: 'Demo Clinic', turnStandardDuration: 0.5 });
    expect(typeof clinic.officeHours).toBe('string');
    expect(parseOfficeHours(clinic.officeHours)).toEqual(DEMO_OFFICE_HOURS);
    expect(clinic.timeZone).toBe('America/Argentina/Buenos_Aires');
  });

  test('is readable by a patient (appointments need the office hours)', async () => {
    expect((await call('/api/Clinics', { token: patient })).status).toBe(200);
  });

  test('answers 401 to nobody', async () => {
    expect((await call('/api/Clinics')).status).toBe(401);
  });
});

describe('POST /api/Clinics', () => {
  test('refuses a patient with 403 and writes nothing', async () => {
    await env.DB.exec('delete from clinics');
    const res = await call('/api/Clinics', { token: patient, body: newClinic });
    expect(res.status).toBe(403);
    expect(await clinicCount()).toBe(0);
  });

  describe('on a deployment without a clinic', () => {
    beforeEach(async () => {
      await env.DB.exec('delete from clinics');
      await env.DB.exec("delete from treatments where id = '0101'");
    });

    test('GET answers 404 with the message that starts the initial config', async () => {
      const res = await call('/api/Clinics', { token: medic });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: 'not_found', msg: MSG.clinicNotAdded });
    });

    test('creates the clinic; officeHours round-trips as the same JSON text', async () => {
      const res = await call('/api/Clinics', { token: medic, body: newClinic });
      expect(res.status).toBe(201);
      const created = await res.json<Clinic>();
      expect(created).toMatchObject({
        ID: 1,
        name: 'Smile Centre',
        imgLogo: newClinic.imgLogo,
        postalcode: '2000',
        email: 'front@smile.test',
        turnStandardDuration: 0.75,
        timeZone: 'America/Argentina/Cordoba',
      });
      expect(created.officeHours).toBe(OFFICE_HOURS);
      const loaded = await (await call('/api/Clinics', { token: patient })).json<Clinic>();
      expect(loaded).toEqual(created);
    });

    test('creates the consultation treatment 0101 at 1170 with the clinic', async () => {
      await call('/api/Clinics', { token: medic, body: newClinic });
      const row = await env.DB.prepare("select price_cents from treatments where id = '0101'").first<{
        price_cents: number;
      }>();
      expect(row?.price_cents).toBe(117_000);
    });

    test('a second create answers 409 and changes nothing', async () => {
      expect((await call('/api/Clinics', { token: medic, body: newClinic })).status).toBe(201);
      const res = await call('/api/Clinics', { token: medic, body: { ...newClinic, name: 'Other' } });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ error: 'conflict', msg: MSG.clinicExists });
      expect(await clinicCount()).toBe(1);
    });

    test('two racing creates give exactly one clinic', async () => {
      const [a, b] = await Promise.all([
        call('/api/Clinics', { token: medic, body: newClinic }),
        call('/api/Clinics', { token: medic, body: newClinic }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      expect(await clinicCount()).toBe(1);
    });

    test('every field is required with Field is required; nothing is written', async () => {
      const res = await call('/api/Clinics', { token: medic, body: {} });
      expect(res.status).toBe(422);
      const { errors } = await res.json<ErrorBody>();
      for (const field of [
        'name',
        'street',
        'city',
        'number',
        'postalcode',
        'telephone',
        'email',
        'imgLogo',
      ]) {
        expect(errors[field]?.msg, field).toBe(MSG.fieldRequired);
      }
      expect(errors.turnStandardDuration?.msg).toBe(MSG.fieldRequired);
      expect(errors.officeHours?.msg).toBe(MSG.fillOneWorkingDay);
      expect(await clinicCount()).toBe(0);
    });

    test.each([
      ['number', '-3', MSG.positiveInteger],
      ['number', '12a', MSG.positiveInteger],
      ['number', '0', MSG.positiveInteger],
      ['postalcode', 2.5, MSG.positiveInteger],
      ['telephone', '12345678', MSG.phoneTooShort],
      ['email', 'front@smile', MSG.insertValidEmail],
      ['imgLogo', 'logo.png', MSG.insertValidImageUrl],
      ['imgLogo', 'javascript:alert(1)', MSG.insertValidImageUrl],
      ['turnStandardDuration', 0, MSG.positiveNumber],
      ['turnStandardDuration', -0.5, MSG.positiveNumber],
      ['turnStandardDuration', 'abc', MSG.positiveNumber],
      ['officeHours', formatOfficeHours([[], [], [], [], [], [], []]), MSG.fillOneWorkingDay],
      ['officeHours', '[[],[]]', MSG.invalidWorkingHours],
      ['officeHours', 'not json', MSG.invalidWorkingHours],
      [
        'officeHours',
        JSON.stringify([[], [{ min: 13, max: 9 }], [], [], [], [], []]),
        MSG.invalidWorkingHours,
      ],
      [
        'officeHours',
        JSON.stringify([
          [],
          [
            { min: 9, max: 14 },
            { min: 13, max: 18 },
          ],
          [],
          [],
          [],
          [],
          [],
        ]),
        MSG.invalidWorkingHours,
      ],
      ['timeZone', 'Mars/Olympus', MSG.invalidTimeZone],
    ])('rejects %s = %j with %s', async (field, value, msg) => {
      const res = await call('/api/Clinics', { token: medic, body: { ...newClinic, [field]: value } });
      expect(res.status).toBe(422);
      const { errors } = await res.json<ErrorBody>();
      expect(errors[field]?.msg).toBe(msg);
      expect(await clinicCount()).toBe(0);
    });

    test('?validate=true answers 200 with the error map and writes nothing', async () => {
      const res = await call('/api/Clinics?validate=true', {
        token: medic,
        body: { ...newClinic, email: 'nope' },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ errors: { email: { msg: MSG.insertValidEmail } } });
      const ok = await call('/api/Clinics?validate=true', { token: medic, body: newClinic });
      expect(await ok.json()).toMatchObject({ errors: {} });
      expect(await clinicCount()).toBe(0);
    });

    test('PUT answers 404 when there is no clinic yet', async () => {
      const res = await call('/api/Clinics', { method: 'PUT', token: medic, body: { name: 'X' } });
      expect(res.status).toBe(404);
    });
  });
});

describe('PUT /api/Clinics', () => {
  beforeEach(async () => {
    await env.DB.exec('delete from clinics');
    await call('/api/Clinics', { token: medic, body: newClinic });
  });

  test('updates the fields given and leaves blank ones as they are', async () => {
    const res = await call('/api/Clinics', {
      method: 'PUT',
      token: medic,
      body: { ID: 1, name: 'Smile Centre North', street: '', telephone: '  ', turnStandardDuration: 1 },
    });
    expect(res.status).toBe(200);
    const clinic = await res.json<Clinic>();
    expect(clinic).toMatchObject({
      name: 'Smile Centre North',
      street: 'Elm Street',
      telephone: newClinic.telephone,
      turnStandardDuration: 1,
    });
    expect(clinic.officeHours).toBe(OFFICE_HOURS);
  });

  test('the minimum deposit percentage: 100 (no deposits) until set, a whole 1 to 100', async () => {
    expect((await (await call('/api/Clinics', { token: medic })).json<Clinic>()).minDepositPercent).toBe(100);
    let res = await call('/api/Clinics', {
      method: 'PUT',
      token: medic,
      body: { ID: 1, minDepositPercent: 30 },
    });
    expect(res.status).toBe(200);
    expect((await res.json<Clinic>()).minDepositPercent).toBe(30);
    for (const minDepositPercent of [0, 101, 12.5]) {
      res = await call('/api/Clinics', { method: 'PUT', token: medic, body: { ID: 1, minDepositPercent } });
      expect(res.status).toBe(422);
    }
    expect((await (await call('/api/Clinics', { token: medic })).json<Clinic>()).minDepositPercent).toBe(30);
  });

  test('a clinic name with a line break or a control character is refused (422) and nothing is written', async () => {
    for (const name of ['Smile\r\nBcc: all@victims.test', 'Smile\nCentre', 'Smile\u0007Centre']) {
      const res = await call('/api/Clinics', { method: 'PUT', token: medic, body: { ID: 1, name } });
      expect(res.status).toBe(422);
      const { errors } = await res.json<{ errors: Record<string, { msg: string }> }>();
      expect(errors.name?.msg).toBe(MSG.noControlCharacters);
    }
    const stored = await env.DB.prepare('select name from clinics').first<{ name: string }>();
    expect(stored?.name).toBe(newClinic.name);
  });

  test('PUT /api/Clinics/:id updates office hours, answered as the same JSON text', async () => {
    const hours = JSON.stringify([[{ min: 8, max: 12 }], [], [], [], [], [], []]);
    const res = await call('/api/Clinics/1', { method: 'PUT', token: medic, body: { officeHours: hours } });
    expect(res.status).toBe(200);
    expect((await res.json<Clinic>()).officeHours).toBe(hours);
    expect((await (await call('/api/Clinics', { token: medic })).json<Clinic>()).officeHours).toBe(hours);
  });

  test('validates what is given: a bad value is 422 and nothing changes', async () => {
    const res = await call('/api/Clinics/1', {
      method: 'PUT',
      token: medic,
      body: { name: 'Changed', email: 'bad', officeHours: formatOfficeHours([[], [], [], [], [], [], []]) },
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors.email?.msg).toBe(MSG.insertValidEmail);
    expect(errors.officeHours?.msg).toBe(MSG.fillOneWorkingDay);
    expect((await (await call('/api/Clinics', { token: medic })).json<Clinic>()).name).toBe('Smile Centre');
  });

  test('PUT /api/Clinics/:id?validate=true answers the error map without writing', async () => {
    const res = await call('/api/Clinics/1?validate=true', {
      method: 'PUT',
      token: medic,
      body: { name: 'Changed', imgLogo: 'nope' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ errors: { imgLogo: { msg: MSG.insertValidImageUrl } } });
    expect((await (await call('/api/Clinics', { token: medic })).json<Clinic>()).name).toBe('Smile Centre');
  });

  test('an unknown clinic ID is 404', async () => {
    expect((await call('/api/Clinics/7', { method: 'PUT', token: medic, body: { name: 'X' } })).status).toBe(
      404,
    );
    expect(
      (await call('/api/Clinics/abc', { method: 'PUT', token: medic, body: { name: 'X' } })).status,
    ).toBe(404);
  });

  test('a patient gets 403 and nothing changes', async () => {
    const res = await call('/api/Clinics', { method: 'PUT', token: patient, body: { name: 'Hacked' } });
    expect(res.status).toBe(403);
    expect((await (await call('/api/Clinics', { token: medic })).json<Clinic>()).name).toBe('Smile Centre');
  });

  test('a body that is not an object is 422, never a 500', async () => {
    const res = await call('/api/Clinics', { method: 'PUT', token: medic, body: '[1,2]' });
    expect(res.status).toBe(422);
  });
});
