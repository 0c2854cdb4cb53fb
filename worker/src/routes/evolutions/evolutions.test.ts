import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, type ErrorBody, seed, signInMedic, signInPatient } from '../../../test/helpers';
import type { Evolution } from '../../contract/answers';
import { MSG } from '../../contract/messages';

let medic: string;
let patient: string;
let otherPatientId: number;

const valid = (over: Record<string, unknown> = {}) => ({
  date: '2026-03-02',
  observations: 'Composite filling, occlusal surface',
  PatientID: 1,
  TreatmentID: '0201',
  toothID: 36,
  ...over,
});

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  otherPatientId = await addPatient(medic, {
    name: 'Nelson',
    lastName: 'Muntz',
    document: '43000001',
    email: 'nelson@clinic.test',
    cellphone: '1155550505',
    telephone: '1145550505',
    birth: '2009-01-01',
  });
});

describe('POST /api/evolutions', () => {
  test('a medic adds an evolution; it lists with the medic and treatment, newest first', async () => {
    let res = await call('/api/evolutions', { body: valid(), token: medic });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ID: expect.any(Number), PatientID: 1, toothID: 36 });
    res = await call('/api/evolutions', {
      body: valid({ date: '2026-04-10', toothID: [11], TreatmentID: ['0601'] }),
      token: medic,
    });
    expect(res.status).toBe(201);

    res = await call('/api/evolutions?PatientID=1', { token: medic });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const rows = await res.json<Evolution[]>();
    expect(rows.map((r) => r.date)).toEqual(['2026-04-10', '2026-03-02']);
    expect(rows[1]).toEqual({
      ID: expect.any(Number),
      date: '2026-03-02',
      observations: 'Composite filling, occlusal surface',
      MedicID: 1,
      PatientID: 1,
      TreatmentID: '0201',
      toothID: 36,
      teeth: [{ toothID: 36, surfaces: [] }],
      medic: 'Dr. Gregory House',
      treatment: 'Composite filling, one surface',
      treatmentType: 'fillings',
    });
  });

  test('every missing field says Please fill all the fields', async () => {
    const res = await call('/api/evolutions', { body: {}, token: medic });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    for (const key of ['date', 'observations', 'PatientID', 'TreatmentID']) {
      expect(errors[key]?.msg, key).toBe(MSG.fillAllFields);
    }
  });

  test('neither toothID nor teeth says Please fill all the fields under toothID', async () => {
    const res = await call('/api/evolutions', { body: valid({ toothID: undefined }), token: medic });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors).toEqual({ toothID: { msg: MSG.fillAllFields } });
  });

  test.each([
    ['TreatmentID', ['0201', '0202'], MSG.onlyOneTreatment],
    ['toothID', [11, 12], MSG.onlyOneTooth],
    ['toothID', [], MSG.fillAllFields],
    ['observations', '   ', MSG.fillAllFields],
    ['date', '2026-13-01', MSG.invalidDate],
  ])('%s = %o answers its message', async (key, value, msg) => {
    const res = await call('/api/evolutions', { body: valid({ [key]: value }), token: medic });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors[key]?.msg).toBe(msg);
  });

  test('the author is the signed-in medic: a MedicID in the body names nobody else', async () => {
    const other = await env.DB.prepare(
      `insert into users (email, user_type, name, last_name, search_name, document, approved)
       values ('pending.medic@clinic.test', 'Medic', 'Julius', 'Hibbert', 'julius hibbert', '27000001', 0)
       returning id`,
    ).first<{ id: number }>();
    const otherMedic = await env.DB.prepare('insert into medics (user_id) values (?) returning id')
      .bind(other?.id)
      .first<{ id: number }>();
    const res = await call('/api/evolutions', {
      body: valid({ MedicID: otherMedic?.id, observations: 'Signed as someone else?' }),
      token: medic,
    });
    expect(res.status).toBe(201);
    const { ID, MedicID } = await res.json<{ ID: number; MedicID: number }>();
    expect(MedicID).toBe(1);
    const stored = await env.DB.prepare('select medic_id from evolutions where id = ?')
      .bind(ID)
      .first<{ medic_id: number }>();
    expect(stored?.medic_id).toBe(1);
  });

  test('an unknown treatment or tooth is 422 under its field and writes nothing', async () => {
    const before = await env.DB.prepare('select count(*) as n from evolutions').first<{ n: number }>();
    const res = await call('/api/evolutions', {
      body: valid({ TreatmentID: '9999', toothID: 19 }),
      token: medic,
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(Object.keys(errors).sort()).toEqual(['TreatmentID', 'toothID']);
    const after = await env.DB.prepare('select count(*) as n from evolutions').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  test('an unknown patient is 404', async () => {
    expect((await call('/api/evolutions', { body: valid({ PatientID: 999999 }), token: medic })).status).toBe(
      404,
    );
  });

  test('a patient cannot add evolutions (403), nobody gets 401', async () => {
    expect((await call('/api/evolutions', { body: valid(), token: patient })).status).toBe(403);
    expect((await call('/api/evolutions', { body: valid() })).status).toBe(401);
  });
});

describe('teeth and surfaces', () => {
  test('a note on 36 (O, M) and 37 (O) is saved and listed with both, surfaces in M O D B L order', async () => {
    const teeth = [
      { toothID: 36, surfaces: ['O', 'M'] },
      { toothID: 37, surfaces: ['O'] },
    ];
    let res = await call('/api/evolutions', {
      body: valid({ PatientID: otherPatientId, toothID: undefined, teeth, date: '2026-05-01' }),
      token: medic,
    });
    expect(res.status).toBe(201);
    const created = await res.json<{ ID: number; toothID: number; teeth: unknown }>();
    expect(created.toothID).toBe(36);
    expect(created.teeth).toEqual([
      { toothID: 36, surfaces: ['M', 'O'] },
      { toothID: 37, surfaces: ['O'] },
    ]);
    res = await call(`/api/evolutions?PatientID=${otherPatientId}`, { token: medic });
    const [row] = await res.json<Evolution[]>();
    expect(row?.ID).toBe(created.ID);
    expect(row?.teeth).toEqual(created.teeth);
    const stored = await env.DB.prepare(
      'select tooth_id, surfaces from evolution_teeth where evolution_id = ? order by tooth_id',
    )
      .bind(created.ID)
      .all();
    expect(stored.results).toEqual([
      { tooth_id: 36, surfaces: 'MO' },
      { tooth_id: 37, surfaces: 'O' },
    ]);
  });

  test("a child's primary tooth 75 is a tooth like any other", async () => {
    const res = await call('/api/evolutions', {
      body: valid({ PatientID: otherPatientId, toothID: 75, date: '2026-05-02' }),
      token: medic,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ toothID: 75, teeth: [{ toothID: 75, surfaces: [] }] });
  });

  test('?validate=true runs the checks the write needs the database for, and writes nothing', async () => {
    const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? 0;
    const notes = () => count('select count(*) as n from evolutions');
    const before = await notes();
    const lastLogged = await count('select coalesce(max(id), 0) as n from audit_log');
    const unknown = await call('/api/evolutions?validate=true', {
      body: valid({ PatientID: 999999 }),
      token: medic,
    });
    expect(unknown.status).toBe(404);
    expect((await unknown.json<ErrorBody>()).msg).toBe(MSG.patientNotFoundApi);
    const treatment = await call('/api/evolutions?validate=true', {
      body: valid({ TreatmentID: '9999' }),
      token: medic,
    });
    expect(treatment.status).toBe(200);
    expect(await treatment.json()).toEqual({ errors: { TreatmentID: { msg: MSG.notFound } } });
    const ok = await call('/api/evolutions?validate=true', { body: valid(), token: medic });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ errors: {} });
    expect(await notes()).toBe(before);
    // Nothing in patient 1's access log reads as a note added.
    const asWrite = await count(
      `select count(*) as n from audit_log where action = 'create evolution' and patient_id = 1 and id > ${lastLogged}`,
    );
    expect(asWrite).toBe(0);
  });

  test("a note dated after today (the clinic's) is 422 under date, dry run or not; nothing is written", async () => {
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const count = async () =>
      (await env.DB.prepare('select count(*) as n from evolutions').first<{ n: number }>())?.n ?? 0;
    const before = await count();
    for (const date of ['2030-11-26', day(2)]) {
      const res = await call('/api/evolutions', { body: valid({ date }), token: medic });
      expect(res.status).toBe(422);
      expect((await res.json<ErrorBody>()).errors.date?.msg).toBe(MSG.evolutionDateAhead);
    }
    const dry = await call('/api/evolutions?validate=true', { body: valid({ date: day(2) }), token: medic });
    expect(await dry.json()).toEqual({ errors: { date: { msg: MSG.evolutionDateAhead } } });
    expect(await count()).toBe(before);
    // An earlier day passes (checked as a dry run, so the notes of the tests below stay as they are).
    const earlier = await call('/api/evolutions?validate=true', {
      body: valid({ date: day(-2) }),
      token: medic,
    });
    expect(await earlier.json()).toEqual({ errors: {} });
  });

  test('q finds notes with accents and case aside, and by a tooth of the note', async () => {
    const id = await addPatient(medic, {
      name: 'Jimbo',
      lastName: 'Jones',
      document: '43000077',
      email: 'jimbo@clinic.test',
      cellphone: '1155550577',
      telephone: '1145550577',
      birth: '2009-01-01',
    });
    const note = (observations: string, teeth: { toothID: number; surfaces?: string[] }[]) =>
      call('/api/evolutions', {
        body: valid({ PatientID: id, observations, toothID: undefined, teeth }),
        token: medic,
      });
    expect((await note('Extracción del tercer molar', [{ toothID: 38 }])).status).toBe(201);
    expect(
      (await note('Resina en PEÑA oclusal', [{ toothID: 11, surfaces: ['B'] }, { toothID: 46 }])).status,
    ).toBe(201);
    const search = async (q: string) => {
      const res = await call(`/api/evolutions?PatientID=${id}&q=${encodeURIComponent(q)}`, { token: medic });
      expect(res.status).toBe(200);
      const rows = await res.json<Evolution[]>();
      expect(Number(res.headers.get('x-total-count'))).toBe(rows.length);
      return rows.map((r) => r.observations);
    };
    expect(await search('extraccion')).toEqual(['Extracción del tercer molar']);
    expect(await search('EXTRACCIÓN')).toEqual(['Extracción del tercer molar']);
    expect(await search('pena')).toEqual(['Resina en PEÑA oclusal']);
    expect(await search('38')).toEqual(['Extracción del tercer molar']);
    expect(await search('46')).toEqual(['Resina en PEÑA oclusal']);
    expect(await search('17')).toEqual([]);
    expect(await search('')).toHaveLength(2);
  });

  test('SPEC toothID alongside teeth must be one of them', async () => {
    const ok = await call('/api/evolutions?validate=true', {
      body: valid({ toothID: 37, teeth: [{ toothID: 36 }, { toothID: 37 }] }),
      token: medic,
    });
    expect(await ok.json()).toEqual({ errors: {} });
    const res = await call('/api/evolutions', {
      body: valid({ toothID: 11, teeth: [{ toothID: 36 }] }),
      token: medic,
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.toothID?.msg).toBe(MSG.toothNotInTeeth);
  });

  test.each([
    [[{ toothID: 36, surfaces: ['X'] }], 'teeth.0.surfaces.0', MSG.invalidSurface],
    [[{ toothID: 36, surfaces: ['O', 'O'] }], 'teeth.0.surfaces', MSG.invalidSurface],
    [[{ toothID: 36 }, { toothID: 36 }], 'teeth', MSG.toothTwice],
    [[], 'teeth', MSG.fillAllFields],
    ['36', 'teeth', MSG.fillAllFields],
  ])('teeth %o is 422 under %s and writes nothing', async (teeth, key, msg) => {
    const before = await env.DB.prepare('select count(*) as n from evolutions').first<{ n: number }>();
    const res = await call('/api/evolutions', { body: valid({ toothID: undefined, teeth }), token: medic });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors[key]?.msg).toBe(msg);
    const after = await env.DB.prepare('select count(*) as n from evolutions').first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  test('an unknown tooth in teeth (19, 59) is 422 under its place, nothing written', async () => {
    const res = await call('/api/evolutions', {
      body: valid({ toothID: undefined, teeth: [{ toothID: 36 }, { toothID: 19 }, { toothID: 59 }] }),
      token: medic,
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json<ErrorBody>();
    expect(Object.keys(errors).sort()).toEqual(['teeth.1.toothID', 'teeth.2.toothID']);
  });
});

describe('GET /api/evolutions', () => {
  test('the patient reads their own; another patient id is 404; the reads are audited', async () => {
    expect((await call('/api/evolutions?PatientID=1', { token: patient })).status).toBe(200);
    expect((await call(`/api/evolutions?PatientID=${otherPatientId}`, { token: patient })).status).toBe(404);
    const rows = await env.DB.prepare(
      "select patient_id, status from audit_log where action = 'read evolutions' and user_id = 2 order by id",
    ).all();
    expect(rows.results).toEqual([
      { patient_id: 1, status: 200 },
      { patient_id: otherPatientId, status: 404 },
    ]);
  });

  test('pages with limit and offset', async () => {
    const res = await call('/api/evolutions?PatientID=1&limit=1&offset=1', { token: medic });
    const rows = await res.json<Evolution[]>();
    expect(rows.map((r) => r.date)).toEqual(['2026-03-02']);
  });

  test('a missing PatientID is 422', async () => {
    expect((await call('/api/evolutions', { token: medic })).status).toBe(422);
  });
});
