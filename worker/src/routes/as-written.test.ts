import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  type ErrorBody,
  freshPerson,
  newMedicRecord,
  seed,
  signIn,
  signInMedic,
} from '../../test/helpers';
import type { Budget, PatientListEntry } from '../contract/answers';
import { MSG } from '../contract/messages';
import { DEMO_PATIENT } from '../local/seed';

// A client built from the product's list of calls sends the payloads as they were first written:
// no confirmation fields, budget lines as a JSON string, the listed budget sent back to mark it
// paid, paths with a trailing slash. Each gets the same answer as the form the screens send.
beforeAll(seed);

/** Each sign-up its own person, so one test never meets another's account. */
function person(over: Record<string, unknown> = {}): Record<string, unknown> {
  const fresh = freshPerson('written');
  return {
    email: fresh.email,
    password: 'Written2026',
    name: 'Apu',
    lastName: 'Nahasapeemapetilon',
    document: fresh.document,
    birth: '1975-06-01',
    ...over,
  };
}

const tomorrow = (): string => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

const clinicRow = () => env.DB.prepare('select * from clinics where id = 1').first<Record<string, unknown>>();

describe('sign-up without confirmPassword', () => {
  test('POST /api/patients answers like the form that sends the confirmation', async () => {
    const asWritten = person();
    const form = person();
    const a = await call('/api/patients', {
      body: { infoUser: asWritten, infoPatient: { obraSocial: '77' } },
    });
    const b = await call('/api/patients', {
      body: { infoUser: { ...form, confirmPassword: form.password }, infoPatient: { obraSocial: '77' } },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await a.json()).toMatchObject({ userType: 'Patient', email: asWritten.email, approved: true });
    expect(await b.json()).toMatchObject({ userType: 'Patient', email: form.email, approved: true });
    expect(await signIn(String(asWritten.email), String(asWritten.password))).toBeTruthy();
  });

  test('POST /api/medics answers like the form that sends the confirmation', async () => {
    const asWritten = person();
    const form = person();
    const a = await call('/api/medics', {
      body: { infoUser: asWritten, infoMedic: { tuition_number: 5 }, ClinicID: 1 },
    });
    const b = await call('/api/medics', {
      body: { infoUser: { ...form, confirmPassword: form.password }, infoMedic: { tuition_number: '5' } },
    });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await a.json()).toMatchObject({ userType: 'Medic', email: asWritten.email });
    expect(await b.json()).toMatchObject({ userType: 'Medic', email: form.email });
  });

  test.each([
    ['', MSG.confirmPassword],
    ['Other2026', MSG.passwordsDontMatch],
  ])('a confirmation that is sent still has to match: %o gets %s', async (confirmPassword, msg) => {
    for (const path of ['/api/patients', '/api/medics']) {
      const res = await call(path, {
        body: {
          infoUser: person({ confirmPassword }),
          infoPatient: { obraSocial: '77' },
          infoMedic: { tuition_number: '5' },
        },
      });
      expect(res.status).toBe(422);
      expect((await res.json<ErrorBody>()).errors['infoUser.confirmPassword']?.msg).toBe(msg);
    }
  });

  test('a birth date ahead of today says so, not that it is missing', async () => {
    const res = await call('/api/patients', {
      body: { infoUser: person({ birth: tomorrow() }), infoPatient: { obraSocial: '77' } },
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoUser.birth']?.msg).toBe(MSG.birthInFuture);
  });

  test('the document is at least 7 digits, up to a CUIL of 11', async () => {
    for (const [document, status] of [
      ['123456', 422],
      ['1234567', 201],
      ['99999999', 201],
      ['123456789', 201],
      ['20123456786', 201],
      ['201234567861', 422],
    ] as const) {
      const res = await call('/api/patients', {
        body: { infoUser: person({ document }), infoPatient: { obraSocial: '77' } },
      });
      expect(res.status, document).toBe(status);
    }
  });
});

describe('passwords without confirmPassword', () => {
  async function newPatient(): Promise<{ email: string; password: string }> {
    const infoUser = person();
    expect(
      (await call('/api/patients', { body: { infoUser, infoPatient: { obraSocial: '1' } } })).status,
    ).toBe(201);
    return { email: String(infoUser.email), password: String(infoUser.password) };
  }

  async function resetToken(email: string): Promise<string> {
    expect((await call('/api/password/reset', { body: { email } })).status).toBe(200);
    const mail = await env.DB.prepare('select body from outbox where "to" = ? order by id desc')
      .bind(email)
      .first<{
        body: string;
      }>();
    const token = /\/newPassword#token=([\w%-]+)/.exec(mail?.body ?? '')?.[1];
    if (!token) throw new Error('no reset link');
    return decodeURIComponent(token);
  }

  test('PUT /api/password/reupdate takes {email, password} with the mailed token', async () => {
    for (const confirm of [false, true]) {
      const { email } = await newPatient();
      const token = await resetToken(email);
      const body = confirm
        ? { email, password: 'After2026', confirmPassword: 'After2026', token }
        : { email, password: 'After2026', token };
      const res = await call('/api/password/reupdate', { method: 'PUT', body });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ msg: MSG.passwordUpdatedSuccessfully });
      expect(await signIn(email, 'After2026')).toBeTruthy();
    }
  });

  test('PUT /api/password/reupdate with a confirmation that differs: Password must be confirmed', async () => {
    const res = await call('/api/password/reupdate', {
      method: 'PUT',
      body: { email: 'a@clinic.test', password: 'After2026', confirmPassword: 'After2027', token: 'x' },
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.confirmPassword?.msg).toBe(MSG.passwordMustBeConfirmed);
  });

  test('PUT /api/password/update takes {email, currentPassword, newPassword}', async () => {
    for (const confirm of [false, true]) {
      const { email, password } = await newPatient();
      const token = await signIn(email, password);
      const body = { email, currentPassword: password, newPassword: 'Changed2026' };
      const res = await call('/api/password/update', {
        method: 'PUT',
        token,
        body: confirm ? { ...body, confirmPassword: 'Changed2026' } : body,
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ msg: MSG.passwordUpdated });
      expect(await signIn(email, 'Changed2026')).toBeTruthy();
    }
  });

  test('PUT /api/password/update with a confirmation that differs: The new passwords does not match', async () => {
    const { email, password } = await newPatient();
    const token = await signIn(email, password);
    const res = await call('/api/password/update', {
      method: 'PUT',
      token,
      body: { email, currentPassword: password, newPassword: 'Changed2026', confirmPassword: 'Changed2027' },
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.confirmPassword?.msg).toBe(MSG.newPasswordsDontMatch);
    expect(await signIn(email, password)).toBeTruthy();
  });
});

describe('budgets as the list carries them', () => {
  let medic: string;
  let patientId: number;
  const lines = [
    {
      ID: '0101',
      treatmentType: 'consultas',
      description: 'consultation',
      price: 1,
      quantity: 2,
      subTotalPrice: 2,
    },
  ];
  const comparable = (b: Budget) => ({
    PatientID: b.PatientID,
    treatments: b.treatments,
    totalPrice: b.totalPrice,
    paid: b.paid,
  });

  beforeAll(async () => {
    medic = await signInMedic();
    patientId = await addPatient(medic, {
      name: 'Manjula',
      lastName: 'Nahasapeemapetilon',
      document: '43555111',
      email: 'manjula@clinic.test',
      cellphone: '1155550131',
      telephone: '1145550131',
      birth: '1980-02-02',
    });
  });

  test('POST /api/Budgets takes treatments as the JSON string of lines; prices still come from the list', async () => {
    const asString = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: JSON.stringify(lines), discount: null, totalPrice: 2 },
    });
    const asArray = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0101', quantity: 2 }] },
    });
    expect([asString.status, asArray.status]).toEqual([201, 201]);
    const a = await asString.json<Budget>();
    const b = await asArray.json<Budget>();
    expect(comparable(a)).toEqual(comparable(b));
    expect(a.totalPrice).toBe(2340);
  });

  test.each([
    ['not JSON', '[{"ID": "0101"'],
    ['not a list', '{"ID": "0101", "quantity": 1}'],
    ['an empty list', '[]'],
    ['a list of numbers', '[1, 2]'],
  ])('a treatments string that is %s: A Treatment is required for the budget', async (_, treatments) => {
    const res = await call('/api/Budgets', { token: medic, body: { PatientID: patientId, treatments } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.treatments?.msg).toBe(MSG.treatmentRequired);
  });

  test('PUT /api/Budgets with the listed budget less its link marks it paid, like {ID, paid: true}', async () => {
    const create = async (): Promise<number> => {
      const res = await call('/api/Budgets', {
        token: medic,
        body: { PatientID: patientId, treatments: [{ ID: '0101', quantity: 1 }] },
      });
      return (await res.json<Budget>()).ID;
    };
    const [whole, form] = [await create(), await create()];
    const listed = await (await call('/api/Budgets?q=manjula&limit=200', { token: medic })).json<Budget[]>();
    const budget = listed.find((b) => b.ID === whole);
    if (!budget) throw new Error('budget not listed');
    const { linkPayment: _link, ...lessLink } = budget;
    expect(lessLink.idPayment).toBeNull();

    const a = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: {
        ...lessLink,
        paid: true,
        totalPrice: 1,
        discount: 5,
        PatientID: 1,
        patientFullName: 'Somebody Else',
      },
    });
    const b = await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: form, paid: true } });
    expect([a.status, b.status]).toEqual([200, 200]);
    const paidWhole = await a.json<Budget>();
    const paidForm = await b.json<Budget>();
    expect(comparable(paidWhole)).toEqual(comparable(paidForm));
    // only paid, linkPayment and idPayment are ever written: the rest stays as it was
    expect(paidWhole).toMatchObject({
      paid: true,
      PatientID: patientId,
      totalPrice: 1170,
      discount: null,
      linkPayment: null,
      idPayment: null,
      treatments: budget.treatments,
      patientFullName: budget.patientFullName,
    });
  });
});

describe('paths with a trailing slash', () => {
  let medic: string;
  let patient: { email: string; password: string };

  beforeAll(async () => {
    medic = await signInMedic();
    patient = { email: DEMO_PATIENT.email, password: DEMO_PATIENT.password };
  });

  const cases: [string, string, string, unknown?][] = [
    ['GET', '/api/patients/', `?email=${DEMO_PATIENT.email}`],
    ['GET', '/api/medics/', '?email=medic@clinic.test'],
    ['POST', '/api/patients/', '?validate=true', { infoUser: { name: '' }, infoPatient: {} }],
    ['PUT', '/api/patients/1/', '?validate=true', { infoUser: { name: '' }, infoPatient: {} }],
    ['POST', '/api/medics/', '?validate=true', { infoUser: { name: '' } }],
    ['PUT', '/api/medics/1/', '?validate=true', { infoUser: { name: '' } }],
    ['POST', '/api/turns/', '?validate=true', { date: '', description: '' }],
    ['PUT', '/api/turns/update/1/', '?validate=true', { confirmedBy: 'fax' }],
    ['POST', '/api/Clinics/', '?validate=true', { name: '' }],
    ['PUT', '/api/Clinics/1/', '?validate=true', { imgLogo: 'nope' }],
  ];

  test.each(cases)('%s %s%s answers like the path without the slash', async (method, path, query, body) => {
    const withSlash = await call(`${path}${query}`, { method, token: medic, body });
    const without = await call(`${path.replace(/\/$/, '')}${query}`, { method, token: medic, body });
    expect(withSlash.status).toBe(without.status);
    expect(withSlash.status).toBe(200);
    expect(await withSlash.json()).toEqual(await without.json());
  });

  test('a patient reads their own record at GET /api/patients/?email=', async () => {
    const token = await signIn(patient.email, patient.password);
    const res = await call(`/api/patients/?email=${patient.email}`, { token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: patient.email });
  });
});

describe('GET /api/patients', () => {
  test('each item carries Patient.ID beside the flat ID', async () => {
    const res = await call('/api/patients', { token: await signInMedic() });
    const rows = await res.json<PatientListEntry[]>();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.Patient).toEqual({ ID: row.ID });
  });
});

describe("'Medical record' and the clinic", () => {
  let k = 0;
  function record(infoClinic?: Record<string, string>): Record<string, unknown> {
    k += 1;
    const base = newMedicRecord(String(7_000 + k), `hibbert${k}@clinic.test`);
    return {
      infoUser: base.infoUser,
      // The tuition number as the call was first written: a JSON number.
      infoMedic: { ...base.infoMedic, tuition_number: 4 },
      ...(infoClinic ? { infoClinic } : {}),
      ClinicID: 1,
      currentPassword: base.currentPassword,
    };
  }
  /** The clinic section exactly as the screen prefills it from the stored clinic. */
  async function prefilled(): Promise<Record<string, string>> {
    const c = await clinicRow();
    return {
      logo: String(c?.logo),
      name: String(c?.name),
      street: String(c?.street),
      number: String(c?.number),
      city: String(c?.city),
      postalCode: String(c?.postal_code),
      telephone: String(c?.telephone),
      email: String(c?.email),
      hours: String(c?.hours),
    };
  }

  test('the call as written, {infoUser, infoMedic, ClinicID}, registers and leaves the clinic alone', async () => {
    const before = await clinicRow();
    const res = await call('/api/medics', { token: await signInMedic(), body: record() });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ userType: 'Medic', approved: true, clinicUpdated: false });
    expect(await clinicRow()).toEqual(before);
  });

  test('the prefilled clinic section sent back untouched leaves the clinic unchanged', async () => {
    // make the stored logo and hours differ from anything a form default would hold
    await env.DB.prepare(
      "update clinics set logo = 'https://img.clinic.test/kept.png', hours = 'Mon–Fri 9–18' where id = 1",
    ).run();
    const before = await clinicRow();
    const res = await call('/api/medics', { token: await signInMedic(), body: record(await prefilled()) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ clinicUpdated: false });
    expect(await clinicRow()).toEqual(before);
  });

  test('a changed clinic section is written and the answer says so', async () => {
    const section = { ...(await prefilled()), hours: 'Every day 8–20' };
    const res = await call('/api/medics', { token: await signInMedic(), body: record(section) });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ clinicUpdated: true });
    expect(await clinicRow()).toMatchObject({ hours: 'Every day 8–20' });
  });

  test('a public medic sign-up never touches the clinic, whatever it sends', async () => {
    const before = await clinicRow();
    const res = await call('/api/medics', {
      body: {
        infoUser: person(),
        infoMedic: { tuition_number: '5' },
        infoClinic: { ...(await prefilled()), name: 'Hijacked Clinic' },
        ClinicID: 1,
      },
    });
    expect(res.status).toBe(201);
    expect(await clinicRow()).toEqual(before);
  });

  test('the document is numeric and at most 99999999, with no minimum', async () => {
    const token = await signInMedic();
    const short = record();
    (short.infoUser as Record<string, string>).document = '42';
    expect((await call('/api/medics', { token, body: short })).status).toBe(201);
  });

  test('a birth date ahead of today says so', async () => {
    const body = record();
    (body.infoUser as Record<string, string>).birth = tomorrow();
    const res = await call('/api/medics', { token: await signInMedic(), body });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoUser.birth']?.msg).toBe(MSG.birthInFuture);
  });
});
