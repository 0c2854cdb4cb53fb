import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  confirmEmail,
  type ErrorBody,
  freshPerson,
  seed,
  signIn,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import type { PatientDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';
import type { PatientListItem } from '../../contract/patients';
import { DEMO_PATIENT_PERSON } from '../../local/seed';

let medic: string;
let patient: string;
/** A valid registration; each call gets its own document and email. */
function newPatient(
  overrides: { infoUser?: Record<string, unknown>; infoPatient?: Record<string, unknown> } = {},
) {
  const fresh = freshPerson('bart');
  return {
    infoUser: {
      name: 'Bart',
      lastName: 'Simpson',
      document: fresh.document,
      email: fresh.email,
      city: 'Springfield',
      street: 'Evergreen Terrace',
      number: '742',
      postalCode: '1001',
      cellphone: '1155550303',
      telephone: '1145550303',
      birth: '2010-04-01',
      ...overrides.infoUser,
    },
    infoPatient: { medicalService: 'OSDE', ...overrides.infoPatient },
  };
}

async function register(body: unknown): Promise<PatientDetails> {
  const res = await call('/api/patients', { body, token: medic });
  expect(res.status).toBe(201);
  return res.json<PatientDetails>();
}

const countUsers = async (): Promise<number> =>
  (await env.DB.prepare('select count(*) as n from users').first<{ n: number }>())?.n ?? 0;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

describe('POST /api/patients (a medic registers a patient)', () => {
  test('creates the user and patient records, with no password, and answers the details', async () => {
    const body = newPatient({ infoUser: { name: 'Maggie', email: 'Maggie.S@Clinic.test' } });
    const created = await register(body);
    expect(created).toMatchObject({
      name: 'Maggie',
      lastName: 'Simpson',
      document: body.infoUser.document,
      email: 'maggie.s@clinic.test',
      medicalService: 'OSDE',
      showClinicalHistory: false,
      userType: 'Patient',
      fullName: 'Maggie Simpson',
    });
    const row = await env.DB.prepare('select password_hash, search_name from users where document = ?')
      .bind(body.infoUser.document)
      .first<{ password_hash: string | null; search_name: string }>();
    expect(row).toEqual({ password_hash: null, search_name: 'maggie simpson' });
  });

  test('accepts numbers for document, street number and postal code', async () => {
    const body = newPatient();
    const created = await register({
      ...body,
      infoUser: { ...body.infoUser, document: Number(body.infoUser.document), number: 12, postalCode: 5000 },
    });
    expect(created).toMatchObject({ document: body.infoUser.document, number: '12', postalCode: '5000' });
  });

  test('an empty body gets Field is required under every field the desk must fill, and writes nothing', async () => {
    const before = await countUsers();
    const res = await call('/api/patients', { body: {}, token: medic });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    for (const field of ['name', 'lastName', 'document', 'city', 'street', 'number', 'postalCode', 'birth']) {
      expect(errors[`infoUser.${field}`]?.msg, field).toBe(MSG.fieldRequired);
    }
    // Email, medical service and one of the phones may be left empty at the desk.
    expect(errors['infoUser.email']).toBeUndefined();
    expect(errors['infoPatient.medicalService']).toBeUndefined();
    expect(errors['infoUser.telephone']).toBeUndefined();
    expect(await countUsers()).toBe(before);
  });

  test.each([
    ['document', '999999', MSG.invalidId],
    ['document', '100000000', MSG.invalidId],
    ['document', '12ab345', MSG.invalidId],
    ['document', -1234567, MSG.invalidId],
    ['email', 'bart-at-clinic', MSG.insertValidEmail],
    ['postalCode', '0', MSG.positiveUpTo9999],
    ['postalCode', '10000', MSG.positiveUpTo9999],
    ['number', '-5', MSG.positiveUpTo9999],
    ['number', '12b', MSG.positiveUpTo9999],
    ['cellphone', '12345678', MSG.phoneTooShort],
    ['telephone', '1234', MSG.phoneTooShort],
    ['birth', '2020-02-30', MSG.invalidDate],
    ['birth', 'yesterday', MSG.invalidDate],
    ['name', '   ', MSG.fieldRequired],
  ])('rejects %s = %o with its message', async (field, value, msg) => {
    const res = await call('/api/patients', {
      body: newPatient({ infoUser: { [field]: value } }),
      token: medic,
    });
    expect(res.status).toBe(422);
    const body = await res.json<ErrorBody>();
    expect(body).toMatchObject({ error: 'invalid', msg: MSG.invalidInput });
    expect(body.errors[`infoUser.${field}`]?.msg).toBe(msg);
  });

  test('accepts the document range ends 1000000 and 99999999', async () => {
    await register(newPatient({ infoUser: { document: '1000000' } }));
    await register(newPatient({ infoUser: { document: '99999999' } }));
  });

  test('refuses a document or an email that is already registered, under the field', async () => {
    const first = await register(newPatient());
    const sameDocument = newPatient({ infoUser: { document: first.document } });
    let res = await call('/api/patients', { body: sameDocument, token: medic });
    expect(res.status).toBe(409);
    let body = await res.json<ErrorBody>();
    expect(body.msg).toBe(MSG.documentTaken);
    expect(body.errors['infoUser.document']?.msg).toBe(MSG.documentTaken);

    // the email of the demo medic, differently cased
    res = await call('/api/patients', {
      body: newPatient({ infoUser: { email: 'MEDIC@clinic.test' } }),
      token: medic,
    });
    expect(res.status).toBe(409);
    body = await res.json<ErrorBody>();
    expect(body.errors['infoUser.email']?.msg).toBe(MSG.emailTaken);
  });

  test('?validate=true answers the error map and writes nothing, even when valid', async () => {
    const before = await countUsers();
    let res = await call('/api/patients?validate=true', {
      body: newPatient({ infoUser: { document: '12' } }),
      token: medic,
    });
    expect(res.status).toBe(200);
    expect((await res.json<ErrorBody>()).errors['infoUser.document']?.msg).toBe(MSG.invalidId);
    res = await call('/api/patients?validate=true', { body: newPatient(), token: medic });
    expect(await res.json()).toMatchObject({ errors: {} });
    expect(await countUsers()).toBe(before);
  });

  test('?validate=true answers 409 for a document or email already registered, as registering does', async () => {
    const before = await countUsers();
    let res = await call('/api/patients?validate=true', {
      body: newPatient({ infoUser: { email: 'MEDIC@clinic.test' } }),
      token: medic,
    });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).errors['infoUser.email']?.msg).toBe(MSG.emailTaken);
    const taken = await env.DB.prepare(
      "select document from users where email = 'patient@clinic.test'",
    ).first<{
      document: string;
    }>();
    res = await call('/api/patients?validate=true', {
      body: newPatient({ infoUser: { document: taken?.document } }),
      token: medic,
    });
    expect(res.status).toBe(409);
    expect((await res.json<ErrorBody>()).errors['infoUser.document']?.msg).toBe(MSG.documentTaken);
    expect(await countUsers()).toBe(before);
  });

  test('a patient may not register patients (403)', async () => {
    const res = await call('/api/patients', { body: newPatient(), token: patient });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/patients (search)', () => {
  beforeAll(async () => {
    await register(
      newPatient({ infoUser: { name: 'Homer Jay', lastName: 'Simpson', document: '30111222' } }),
    );
    await register(newPatient({ infoUser: { name: 'Ned', lastName: 'Flanders', document: '30111333' } }));
    await register(newPatient({ infoUser: { name: 'Maude', lastName: 'Flanders', document: '31999999' } }));
  });

  const search = async (q: string, extra = ''): Promise<{ res: Response; rows: PatientListItem[] }> => {
    const res = await call(`/api/patients?q=${encodeURIComponent(q)}${extra}`, { token: medic });
    return { res, rows: res.status === 200 ? await res.json<PatientListItem[]>() : [] };
  };

  test('letters search the first name, case-insensitively', async () => {
    const { rows } = await search('HOMER');
    expect(rows.map((r) => r.document)).toEqual(['30111222']);
    expect(rows[0]).toEqual({
      ID: expect.any(Number),
      Patient: { ID: rows[0]?.ID },
      name: 'Homer Jay',
      lastName: 'Simpson',
      document: '30111222',
      email: expect.any(String),
    });
  });

  test('letters search the last name and the full name', async () => {
    expect((await search('flan')).rows.map((r) => r.name).sort()).toEqual(['Maude', 'Ned']);
    expect((await search('ned flanders')).rows.map((r) => r.name)).toEqual(['Ned']);
  });

  test('digits search a document prefix', async () => {
    expect((await search('30111')).rows.map((r) => r.document).sort()).toEqual(['30111222', '30111333']);
    expect((await search('31999999')).rows.map((r) => r.name)).toEqual(['Maude']);
  });

  test('medics are never listed as patients', async () => {
    const { res, rows } = await search('gregory');
    expect(res.status).toBe(200);
    expect(rows).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
  });

  test.each(['lisa1', 'li%sa', "o'brien", '3011_'])('%s is a wrong search format (422)', async (q) => {
    const { res } = await search(q);
    expect(res.status).toBe(422);
    const body = await res.json<ErrorBody>();
    expect(body.msg).toBe(MSG.wrongSearchFormat);
    expect(body.errors.q?.msg).toBe(MSG.wrongSearchFormat);
  });

  test('pages with limit and offset and gives the full count in X-Total-Count', async () => {
    const all = await search('simpson', '&limit=200');
    const total = Number(all.res.headers.get('x-total-count'));
    expect(total).toBe(all.rows.length);
    expect(total).toBeGreaterThan(3);
    const page = await search('simpson', '&limit=2&offset=1');
    expect(page.rows.map((r) => r.ID)).toEqual(all.rows.slice(1, 3).map((r) => r.ID));
    expect(page.res.headers.get('x-total-count')).toBe(String(total));
  });

  test('full names that start with the term come first, in name order, then last names, in last-name order', async () => {
    await register(newPatient({ infoUser: { name: 'Flavia', lastName: 'Flanagan', document: '32000001' } }));
    await register(newPatient({ infoUser: { name: 'Abel', lastName: 'Flamel', document: '32000002' } }));
    const { res, rows } = await search('fla');
    // Flavia matches twice (name and last name) and counts once; Abel Flamel, then the Flanders by name.
    expect(rows.map((r) => r.name)).toEqual(['Flavia', 'Abel', 'Maude', 'Ned']);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(res.headers.get('x-total-count-exact')).toBeNull();
    const second = await search('fla', '&limit=2&offset=1');
    expect(second.rows.map((r) => r.name)).toEqual(['Abel', 'Maude']);
    expect(second.res.headers.get('x-total-count')).toBe('4');
  });

  test('a search with many matches counts 60 past its page and says the count is a lower bound', async () => {
    // 70 patients named Manyfold, documents 51500001 to 51500070: counting all of a common name's
    // matches would read every one of them, so a search stops counting 60 past the page it answers.
    for (let n = 1; n <= 70; n++) {
      await register(
        newPatient({ infoUser: { name: 'Ann', lastName: 'Manyfold', document: String(51_500_000 + n) } }),
      );
    }
    for (const q of ['manyfold', 'ann manyfold', '515']) {
      const first = await search(q, '&limit=5');
      expect(first.rows, q).toHaveLength(5);
      expect(first.res.headers.get('x-total-count'), q).toBe('65');
      expect(first.res.headers.get('x-total-count-exact'), q).toBe('false');
      // Asked from further on, the count reaches every match and is exact again.
      const later = await search(q, '&limit=5&offset=10');
      expect(later.res.headers.get('x-total-count'), q).toBe('70');
      expect(later.res.headers.get('x-total-count-exact'), q).toBeNull();
      const all = await search(q, '&limit=200');
      expect(all.rows, q).toHaveLength(70);
      expect(
        later.rows.map((r) => r.ID),
        q,
      ).toEqual(all.rows.slice(10, 15).map((r) => r.ID));
    }
    // 70 registrations, each also mailing its invitation to set a password: more than the default 5 s.
  }, 20_000);

  test('rejects a limit above 200', async () => {
    expect((await search('simpson', '&limit=201')).res.status).toBe(422);
  });

  test('?document= finds one patient; an unknown one is 404 Patient Not Found', async () => {
    let res = await call('/api/patients?document=30111333', { token: medic });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Ned', lastName: 'Flanders' });
    res = await call('/api/patients?document=30111334', { token: medic });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'not_found', msg: MSG.patientNotFoundApi });
  });

  test('a patient finds themselves by email, never anyone else', async () => {
    let res = await call('/api/patients?email=patient@clinic.test', { token: patient });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ID: 1, name: 'Lisa' });
    res = await call('/api/patients?document=30111333', { token: patient });
    expect(res.status).toBe(404);
  });

  test('a patient may not list or search patients (403); nobody gets 401', async () => {
    expect((await call('/api/patients?q=simpson', { token: patient })).status).toBe(403);
    expect((await call('/api/patients?q=simpson')).status).toBe(401);
  });
});

/** A medic's Update patient body for `p`, with `infoUser` changes. */
const update = (p: PatientDetails, infoUser: Record<string, unknown> = {}) => ({
  ID: p.ID,
  infoUser: {
    name: p.name,
    lastName: p.lastName,
    birth: p.birth,
    telephone: p.telephone,
    cellphone: p.cellphone,
    street: p.street,
    number: p.number,
    city: p.city,
    postalCode: p.postalCode,
    ...infoUser,
  },
  infoPatient: { medicalService: 'Swiss Medical' },
});

describe('GET /api/patients?contains= (the calendar picker)', () => {
  const ids = async (term: string) =>
    (
      await (
        await call(`/api/patients?contains=${encodeURIComponent(term)}`, { token: medic })
      ).json<PatientListItem[]>()
    ).map((r) => r.ID);

  test('a case-insensitive substring of the name, last name, document or email', async () => {
    const p = await register(
      newPatient({
        infoUser: { name: 'Apu', lastName: 'Nahasapeemapetilon', email: 'kwik.e.mart@clinic.test' },
      }),
    );
    expect(await ids('HASAPEE')).toEqual([p.ID]);
    expect(await ids('apu naha')).toEqual([p.ID]);
    expect(await ids('k.e.mart@')).toEqual([p.ID]);
    expect(await ids(p.document.slice(2, 6))).toContain(p.ID);
    expect(await ids('nobody-like-this')).toEqual([]);
    // % and _ are letters here, not wildcards
    expect(await ids('%')).toEqual([]);
  });

  test('the trigram index follows each change of the account; short terms and quotes work too', async () => {
    const p = await register(
      newPatient({ infoUser: { name: 'Hans', lastName: 'Moleman', email: 'old.hans@clinic.test' } }),
    );
    expect(await ids('olema')).toEqual([p.ID]);
    const renamed = await call(`/api/patients/${p.ID}`, {
      method: 'PUT',
      body: update(p, { lastName: 'Wiggumsworth' }),
      token: medic,
    });
    expect(renamed.status).toBe(200);
    expect(await ids('olema')).toEqual([]);
    expect(await ids('umswor')).toEqual([p.ID]);
    expect(await ids('hans wiggumsworth')).toEqual([p.ID]);
    // one or two characters: no trigram holds them, the columns are scanned instead
    expect(await ids('wi')).toContain(p.ID);
    // a double quote is a character like any other, not FTS syntax
    const quoted = await call(`/api/patients?contains=${encodeURIComponent('mole"man')}`, { token: medic });
    expect(quoted.status).toBe(200);
    expect(await quoted.json()).toEqual([]);
  });

  test('medics only', async () => {
    expect((await call('/api/patients?contains=simpson', { token: patient })).status).toBe(403);
  });
});

describe('GET /api/patients/:id', () => {
  test('a medic reads the details with full name and age, and the read is audited', async () => {
    const res = await call('/api/patients/1', { token: medic });
    expect(res.status).toBe(200);
    const body = await res.json<PatientDetails>();
    expect(body).toMatchObject({
      ID: 1,
      fullName: `${DEMO_PATIENT_PERSON.name} ${DEMO_PATIENT_PERSON.lastName}`,
      document: DEMO_PATIENT_PERSON.document,
      birth: DEMO_PATIENT_PERSON.birth,
    });
    expect(body.age).toBeGreaterThanOrEqual(33);
    const audit = await env.DB.prepare(
      "select action, status from audit_log where patient_id = 1 and action = 'read patient' order by id desc",
    ).first();
    expect(audit).toEqual({ action: 'read patient', status: 200 });
  });

  test('the patient reads their own record; another patient id is 404', async () => {
    expect((await call('/api/patients/1', { token: patient })).status).toBe(200);
    const other = await register(newPatient());
    const res = await call(`/api/patients/${other.ID}`, { token: patient });
    expect(res.status).toBe(404);
  });

  test('an unknown or malformed id is 404', async () => {
    expect((await call('/api/patients/999999', { token: medic })).status).toBe(404);
    expect((await call('/api/patients/abc', { token: medic })).status).toBe(404);
  });
});

describe('PUT /api/patients/:id', () => {
  test('updates the editable fields; document and email stay; the new name is searchable', async () => {
    const p = await register(newPatient({ infoUser: { name: 'Rod' } }));
    const res = await call(`/api/patients/${p.ID}`, {
      method: 'PUT',
      body: update(p, { name: 'Todd', lastName: 'Flanderson', document: '55555555', email: 'x@y.z' }),
      token: medic,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'Todd',
      lastName: 'Flanderson',
      document: p.document,
      email: p.email,
      medicalService: 'Swiss Medical',
    });
    const found = await call('/api/patients?q=flanderson', { token: medic });
    expect((await found.json<PatientListItem[]>()).map((r) => r.ID)).toEqual([p.ID]);
  });

  test('invalid fields are 422 under their keys and change nothing', async () => {
    const p = await register(newPatient());
    const res = await call(`/api/patients/${p.ID}`, {
      method: 'PUT',
      body: update(p, { name: '', postalCode: '99999' }),
      token: medic,
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(errors['infoUser.name']?.msg).toBe(MSG.fieldRequired);
    expect(errors['infoUser.postalCode']?.msg).toBe(MSG.positiveUpTo9999);
    const after = await call(`/api/patients/${p.ID}`, { token: medic });
    expect(await after.json()).toMatchObject({ name: p.name, postalCode: p.postalCode });
  });

  test('a birth date after today is refused at the desk and in Update patient, as at sign-up', async () => {
    const before = await countUsers();
    const res = await call('/api/patients', {
      body: newPatient({ infoUser: { birth: '2030-01-01' } }),
      token: medic,
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoUser.birth']?.msg).toBe(MSG.birthInFuture);
    expect(await countUsers()).toBe(before);
    const p = await register(newPatient());
    const put = await call(`/api/patients/${p.ID}`, {
      method: 'PUT',
      body: update(p, { birth: '2030-01-01' }),
      token: medic,
    });
    expect(put.status).toBe(422);
    expect((await put.json<ErrorBody>()).errors['infoUser.birth']?.msg).toBe(MSG.birthInFuture);
    expect(await (await call(`/api/patients/${p.ID}`, { token: medic })).json()).toMatchObject({
      birth: p.birth,
    });
  });

  test('?validate=true answers errors and writes nothing', async () => {
    const p = await register(newPatient());
    const res = await call(`/api/patients/${p.ID}?validate=true`, {
      method: 'PUT',
      body: update(p, { name: 'Changed', cellphone: '12' }),
      token: medic,
    });
    expect(res.status).toBe(200);
    expect((await res.json<ErrorBody>()).errors['infoUser.cellphone']?.msg).toBe(MSG.phoneTooShort);
    expect(await (await call(`/api/patients/${p.ID}`, { token: medic })).json()).toMatchObject({
      name: p.name,
    });
  });

  test("a patient cannot update another patient's record (404); unknown id is 404", async () => {
    const p = await register(newPatient());
    expect(
      (await call(`/api/patients/${p.ID}`, { method: 'PUT', body: update(p), token: patient })).status,
    ).toBe(404);
    expect(
      (await call('/api/patients/999999', { method: 'PUT', body: update(p), token: medic })).status,
    ).toBe(404);
  });
});

describe('PUT /api/patients/:id by the patient themselves (/home/dataUpdate, Spanish profile schema)', () => {
  /** A patient who signed up on their own, signed in; answers their token and record. */
  async function selfSignedUp(document?: string): Promise<{ token: string; me: PatientDetails }> {
    const fresh = freshPerson('lisa');
    const email = fresh.email;
    const signUp = await call('/api/patients', {
      body: {
        infoUser: {
          email,
          password: 'Saxophone1',
          confirmPassword: 'Saxophone1',
          name: 'Lisa',
          lastName: 'Simpson',
          document: document ?? fresh.document,
          birth: '2012-05-09',
        },
        infoPatient: { obraSocial: '7' },
      },
    });
    expect(signUp.status).toBe(201);
    const token = await signIn(email, 'Saxophone1');
    const found = await call(`/api/patients?email=${encodeURIComponent(email)}`, { token });
    return { token, me: await found.json<PatientDetails>() };
  }

  const profile = (p: PatientDetails, infoUser: Record<string, unknown> = {}) => ({
    ID: p.ID,
    infoUser: {
      name: 'Lisa',
      lastName: 'Simpson',
      document: p.document,
      email: p.email,
      birth: '2012-05-09',
      telephone: '1145550404',
      cellphone: '1155550404',
      street: 'Evergreen Terrace',
      number: '742',
      city: 'Springfield',
      postalCode: '1001',
      ...infoUser,
    },
    infoPatient: { medicalService: 'OSDE' },
  });

  test('saves every field, document and email included, and completes a social sign-in account', async () => {
    const { token, me } = await selfSignedUp();
    await env.DB.prepare('update users set incomplete = 1 where email = ?').bind(me.email).run();
    const newDocument = freshPerson().document;
    const res = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: {
        ...profile(me, { name: 'Elisabeth', document: newDocument, email: 'Lisa.New@Clinic.test' }),
        currentPassword: 'Saxophone1',
      },
    });
    expect(res.status).toBe(200);
    // The new email waits for the link mailed to it; everything else is saved at once.
    expect(await res.json()).toMatchObject({
      ID: me.ID,
      name: 'Elisabeth',
      document: newDocument,
      email: me.email,
      emailPending: 'lisa.new@clinic.test',
      street: 'Evergreen Terrace',
      medicalService: 'OSDE',
    });
    expect((await confirmEmail('lisa.new@clinic.test')).status).toBe(200);
    const session = await (await call('/api/me', { token })).json();
    expect(session).toMatchObject({ name: 'Elisabeth', email: 'lisa.new@clinic.test', incomplete: false });
  });

  test('bad input gets the Spanish messages under each field and writes nothing', async () => {
    const { token, me } = await selfSignedUp();
    const empty = await call(`/api/patients/${me.ID}`, { method: 'PUT', token, body: {} });
    expect(empty.status).toBe(422);
    const { errors } = await empty.json<ErrorBody>();
    for (const key of ['name', 'lastName', 'document', 'email', 'birth', 'street', 'number', 'city']) {
      expect(errors[`infoUser.${key}`]?.msg, key).toBe(MSG.esFieldRequired);
    }
    expect(errors['infoPatient.medicalService']?.msg).toBe(MSG.esFieldRequired);

    const bad = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: profile(me, {
        name: 'Changed',
        document: '100000000000',
        email: 'not-an-email',
        postalCode: '-3',
        cellphone: '123',
        birth: '2012-02-30',
      }),
    });
    expect(bad.status).toBe(422);
    const badErrors = (await bad.json<ErrorBody>()).errors;
    expect(badErrors['infoUser.document']?.msg).toBe(MSG.esInvalidDni);
    expect(badErrors['infoUser.email']?.msg).toBe(MSG.esInvalidEmail);
    expect(badErrors['infoUser.postalCode']?.msg).toBe(MSG.esPositiveInteger);
    expect(badErrors['infoUser.cellphone']?.msg).toBe(MSG.esPhoneTooShort);
    expect(badErrors['infoUser.birth']?.msg).toBe(MSG.esInvalidDate);
    const letters = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: profile(me, { document: '12ab' }),
    });
    expect((await letters.json<ErrorBody>()).errors['infoUser.document']?.msg).toBe(MSG.esInvalidDni);
    expect(await (await call(`/api/patients/${me.ID}`, { token })).json()).toMatchObject({
      name: 'Lisa',
      document: me.document,
      email: me.email,
    });
  });

  test('a document of 9 digits from sign-up is kept on save; a new one above 99999999 is dni invalido', async () => {
    const { token, me } = await selfSignedUp('345678901');
    expect(me.document).toBe('345678901');
    const same = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: profile(me, { name: 'Lisa Marie' }),
    });
    expect(same.status, await same.clone().text()).toBe(200);
    const other = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: profile(me, { name: 'Changed', document: '345678902' }),
    });
    expect(other.status).toBe(422);
    expect((await other.json<ErrorBody>()).errors).toEqual({
      'infoUser.document': { msg: MSG.esInvalidDni },
    });
    expect(await (await call(`/api/patients/${me.ID}`, { token })).json()).toMatchObject({
      name: 'Lisa Marie',
      document: '345678901',
    });
  });

  test('?validate=true answers the Spanish error map and writes nothing', async () => {
    const { token, me } = await selfSignedUp();
    const res = await call(`/api/patients/${me.ID}?validate=true`, {
      method: 'PUT',
      token,
      body: profile(me, { name: 'Changed', document: 'x' }),
    });
    expect(res.status).toBe(200);
    expect((await res.json<ErrorBody>()).errors).toEqual({ 'infoUser.document': { msg: MSG.esInvalidDni } });
    // a new document above 99999999 is told while typing too, as the save would refuse it
    const long = await call(`/api/patients/${me.ID}?validate=true`, {
      method: 'PUT',
      token,
      body: profile(me, { name: 'Changed', document: '123456789' }),
    });
    expect(long.status).toBe(200);
    expect((await long.json<ErrorBody>()).errors).toEqual({ 'infoUser.document': { msg: MSG.esInvalidDni } });
    // a valid form is an empty map, and still nothing is written
    const valid = await call(`/api/patients/${me.ID}?validate=true`, {
      method: 'PUT',
      token,
      body: profile(me, { name: 'Changed' }),
    });
    expect(await valid.json()).toEqual({ errors: {} });
    expect(await (await call(`/api/patients/${me.ID}`, { token })).json()).toMatchObject({ name: 'Lisa' });
  });

  test("another account's document or email is 409 under its field, and nothing changes", async () => {
    const { token, me } = await selfSignedUp();
    const other = await register(newPatient());
    const res = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: {
        ...profile(me, { name: 'Changed', document: other.document, email: other.email }),
        currentPassword: 'Saxophone1',
      },
    });
    expect(res.status).toBe(409);
    const { errors } = await res.json<ErrorBody>();
    expect(errors['infoUser.document']?.msg).toBe(MSG.esDniTaken);
    expect(errors['infoUser.email']?.msg).toBe(MSG.esEmailTaken);
    expect(await (await call(`/api/patients/${me.ID}`, { token })).json()).toMatchObject({ name: 'Lisa' });
  });

  test('changing the email needs the current password; the old address is told, other sessions end', async () => {
    const { token, me } = await selfSignedUp();
    const other = await signIn(me.email, 'Saxophone1');
    const body = profile(me, { email: 'moved@clinic.test' });
    let res = await call(`/api/patients/${me.ID}`, { method: 'PUT', token, body });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordRequired);
    res = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: { ...body, currentPassword: 'Wrong2026x' },
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordWrong);
    res = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: { ...body, currentPassword: 'Saxophone1' },
    });
    expect(res.status).toBe(200);
    // Nothing changes until the new address confirms: the old one still signs in, no session ended.
    expect(await res.json()).toMatchObject({ email: me.email, emailPending: 'moved@clinic.test' });
    expect((await call('/api/me', { token: other })).status).toBe(200);
    await signIn(me.email, 'Saxophone1');
    expect((await confirmEmail('moved@clinic.test')).status).toBe(200);
    const notice = await env.DB.prepare('select subject from outbox where "to" = ? order by id desc')
      .bind(me.email)
      .first<{ subject: string }>();
    expect(notice?.subject).toBe(MSG.emailChangedSubject);
    expect((await call('/api/me', { token: other })).status).toBe(401);
    expect(await (await call('/api/me', { token })).json()).toMatchObject({ email: 'moved@clinic.test' });
  });

  test('changing the document needs the current password, like the email', async () => {
    // mutation tried: asking for the password only when the email changes answers 200 here
    const { token, me } = await selfSignedUp();
    const body = profile(me, { document: '90100001' });
    const res = await call(`/api/patients/${me.ID}`, { method: 'PUT', token, body });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.currentPassword?.msg).toBe(MSG.currentPasswordForDocument);
    expect(await (await call(`/api/patients/${me.ID}`, { token })).json()).toMatchObject({
      document: me.document,
    });
  });

  test('changes of document or email that could reveal who is registered are limited per account, across sessions', async () => {
    // mutation tried: the old per-session key lets the new sign-in below through (200)
    const { token, me } = await selfSignedUp();
    const documents = Array.from({ length: 11 }, () => freshPerson().document);
    const statuses: number[] = [];
    for (const document of documents) {
      const body = { ...profile(me, { document }), currentPassword: 'Saxophone1' };
      statuses.push((await call(`/api/patients/${me.ID}`, { method: 'PUT', token, body })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // a new sign-in gives no more
    const again = await signIn(me.email, 'Saxophone1');
    const next = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token: again,
      body: { ...profile(me, { document: freshPerson().document }), currentPassword: 'Saxophone1' },
    });
    expect(next.status).toBe(429);
    expect((await next.json<{ msg: string }>()).msg).toBe(MSG.identityChangesExhausted);
    // saving the profile without touching document or email is not limited
    const same = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token: again,
      body: profile(me, { document: documents[9] }),
    });
    expect(same.status).toBe(200);
  }, 60_000);

  test('they are limited per address too: another account from a spent address gets 429', async () => {
    const { token, me } = await selfSignedUp();
    // the address (every local caller is 'loopback') has used its changes of the hour
    await env.DB.prepare(
      "insert or replace into rate_limits (key, window_start, count) values ('identity:address:loopback', ?, 30)",
    )
      .bind(Date.now())
      .run();
    try {
      const res = await call(`/api/patients/${me.ID}`, {
        method: 'PUT',
        token,
        body: { ...profile(me, { document: '90200001' }), currentPassword: 'Saxophone1' },
      });
      expect(res.status).toBe(429);
    } finally {
      await env.DB.prepare("delete from rate_limits where key = 'identity:address:loopback'").run();
    }
  }, 30_000);

  test("a birth date after today is refused with sign-up's message", async () => {
    const { token, me } = await selfSignedUp();
    const res = await call(`/api/patients/${me.ID}`, {
      method: 'PUT',
      token,
      body: profile(me, { birth: '2030-01-01' }),
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['infoUser.birth']?.msg).toBe(MSG.birthInFuture);
    expect(await (await call(`/api/patients/${me.ID}`, { token })).json()).toMatchObject({ birth: me.birth });
  });

  test("a patient's body for someone else's record is 404 before any validation", async () => {
    const { token } = await selfSignedUp();
    const other = await register(newPatient());
    const res = await call(`/api/patients/${other.ID}`, { method: 'PUT', token, body: {} });
    expect(res.status).toBe(404);
  });
});

describe('the search name', () => {
  test('a patient named "Van  Houten" (two spaces) is found by "Van Houten" and "van houten"', async () => {
    const token = await signInMedic();
    const email = 'kirk.vanhouten@clinic.test';
    await addPatient(token, {
      name: 'Kirk',
      lastName: 'Van  Houten',
      document: '47000001',
      email,
      cellphone: '1155550303',
      telephone: '1145550303',
      birth: '1960-02-02',
    });
    const emailsFound = async (query: string): Promise<string[]> => {
      const found = await call(`/api/patients?${query}`, { token });
      expect(found.status).toBe(200);
      return (await found.json<{ email: string }[]>()).map((p) => p.email);
    };
    // The calendar's picker (a substring of the name) and the patient search (a prefix of it).
    expect(await emailsFound('contains=Van%20Houten')).toContain(email);
    expect(await emailsFound('contains=van%20houten')).toContain(email);
    expect(await emailsFound('q=Kirk%20Van%20Houten')).toContain(email);
  });
});

describe('searches blind to accents and case', () => {
  test('"pena", "garcia lopez", "maria garcia", "del carmen" and "oyarzun" find the people written with accents', async () => {
    const token = await signInMedic();
    const add = (name: string, lastName: string, n: number) =>
      addPatient(token, {
        name,
        lastName,
        document: String(47_100_000 + n),
        email: `accents${n}@clinic.test`,
        cellphone: '1155550303',
        telephone: '1145550303',
        birth: '1960-02-02',
      });
    const pena = await add('José', 'Peña', 1);
    const garcia = await add('María', 'García López', 2);
    const carmen = await add('María del Carmen', 'Oyarzún', 3);
    const idsFound = async (query: string): Promise<number[]> => {
      const found = await call(`/api/patients?${query}`, { token });
      expect(found.status).toBe(200);
      return (await found.json<{ ID: number }[]>()).map((p) => p.ID);
    };
    expect(await idsFound('q=pena')).toEqual([pena]);
    expect(await idsFound('q=garcia%20lopez')).toEqual([garcia]);
    expect(await idsFound('q=maria%20garcia')).toEqual([garcia]);
    expect(await idsFound('q=OYARZUN')).toEqual([carmen]);
    expect(await idsFound('contains=del%20carmen')).toEqual([carmen]);
    expect(await idsFound('contains=oyarzun')).toEqual([carmen]);
    expect(await idsFound('contains=pena')).toEqual([pena]);
    const budget = await call('/api/Budgets', {
      token,
      body: { PatientID: carmen, treatments: [{ ID: '0101', quantity: 1 }], discount: null },
    });
    expect(budget.status).toBe(201);
    const budgetsFound = async (q: string) => {
      const found = await call(`/api/Budgets?q=${encodeURIComponent(q)}`, { token });
      expect(found.status).toBe(200);
      return (await found.json<{ PatientID: number }[]>()).map((b) => b.PatientID);
    };
    expect(await budgetsFound('oyarzun')).toEqual([carmen]);
    expect(await budgetsFound('del carmen')).toEqual([carmen]);
  });
});
