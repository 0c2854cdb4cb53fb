import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  addPatient,
  call,
  type ErrorBody,
  row,
  seed,
  signInMedic,
  signInPatient,
} from '../../../test/helpers';
import type { Budget, BudgetDetails } from '../../contract/answers';
import { MSG } from '../../contract/messages';

let medic: string;
let patient: string;
/** The demo patient (patient@clinic.test, Lisa Simpson, document 35123456) is patient 1. */
const DEMO_PATIENT_ID = 1;
let bart: number;
let selma: number;

const create = async (body: unknown, token = medic): Promise<Response> =>
  call('/api/Budgets', { body, token });

const createdId = async (body: unknown): Promise<number> => {
  const res = await create(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<Budget>()).ID;
};

const list = async (query: string, token = medic): Promise<{ rows: Budget[]; total: string | null }> => {
  const res = await call(`/api/Budgets${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return { rows: await res.json<Budget[]>(), total: res.headers.get('X-Total-Count') };
};

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
  bart = await addPatient(medic, {
    name: 'Bart',
    lastName: 'Simpson',
    document: '41234567',
    email: 'bart@clinic.test',
    cellphone: '1155550101',
    telephone: '1145550101',
    birth: '2010-04-01',
  });
  selma = await addPatient(medic, {
    name: 'Selma',
    lastName: 'Bouvier',
    document: '42987654',
    email: 'selma@clinic.test',
    cellphone: '1155550102',
    telephone: '1145550102',
    birth: '2012-05-09',
  });
});

describe('POST /api/Budgets', () => {
  test('takes prices from the price list, never from the caller, and computes the totals', async () => {
    const res = await create({
      PatientID: bart,
      treatments: [
        { ID: '0101', quantity: 2, price: 1 },
        { ID: '0201', quantity: 1, price: 1 },
        { ID: '0101', quantity: 1 },
      ],
      discount: 170.5,
      totalPrice: 3,
      paid: true,
    });
    expect(res.status).toBe(201);
    const budget = await res.json<BudgetDetails>();
    expect(budget).toMatchObject({
      ID: expect.any(Number),
      PatientID: bart,
      patientFullName: 'Bart Simpson',
      patientDocument: '41234567',
      discount: 170.5,
      // 3 × 1170 + 4500 − 170.50
      totalPrice: 7839.5,
      paid: false,
      linkPayment: null,
      idPayment: null,
    });
    expect(budget.treatments).toEqual([
      {
        ID: '0101',
        treatmentType: 'consultas',
        description: 'consultation',
        price: 1170,
        quantity: 3,
        subTotalPrice: 3510,
        toothID: null,
      },
      {
        ID: '0201',
        treatmentType: 'fillings',
        description: 'Composite filling, one surface',
        price: 4500,
        quantity: 1,
        subTotalPrice: 4500,
        toothID: null,
      },
    ]);
    expect(await row('select total_cents, paid from budgets where id = ?', budget.ID)).toEqual({
      total_cents: 783_950,
      paid: 0,
    });
  });

  test.each([
    ['no patient', { treatments: [{ ID: '0101', quantity: 1 }] }, 'PatientID', MSG.patientRequiredForBudget],
    [
      'patient 0',
      { PatientID: 0, treatments: [{ ID: '0101', quantity: 1 }] },
      'PatientID',
      MSG.patientRequiredForBudget,
    ],
    ['no treatments', { PatientID: 1 }, 'treatments', MSG.treatmentRequired],
    ['an empty treatment list', { PatientID: 1, treatments: [] }, 'treatments', MSG.treatmentRequired],
    [
      'a line without a treatment',
      { PatientID: 1, treatments: [{ quantity: 1 }] },
      'treatments.0.ID',
      MSG.treatmentRequired,
    ],
    [
      'quantity 0',
      { PatientID: 1, treatments: [{ ID: '0101', quantity: 0 }] },
      'treatments.0.quantity',
      MSG.quantityMin,
    ],
    [
      'quantity 1.5',
      { PatientID: 1, treatments: [{ ID: '0101', quantity: 1.5 }] },
      'treatments.0.quantity',
      MSG.quantityMin,
    ],
    [
      'a negative discount',
      { PatientID: 1, treatments: [{ ID: '0101', quantity: 1 }], discount: -1 },
      'discount',
      MSG.invalidDiscount,
    ],
  ])('%s is 422 with its message and writes nothing', async (_case, body, field, msg) => {
    const before = await row('select count(*) as n from budgets');
    const res = await create(body);
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors[field]?.msg).toBe(msg);
    expect(await row('select count(*) as n from budgets')).toEqual(before);
  });

  test('?validate=true runs the checks that need the price list: a discount above the total is an error', async () => {
    const before = await row('select count(*) as n from budgets');
    const res = await call('/api/Budgets?validate=true', {
      token: medic,
      body: { PatientID: 1, treatments: [{ ID: '0101', quantity: 1 }], discount: 1170.01 },
    });
    expect(res.status).toBe(200);
    expect((await res.json<ErrorBody>()).errors.discount?.msg).toBe(MSG.discountAboveTotal);
    expect(await row('select count(*) as n from budgets')).toEqual(before);
  });

  test('an unknown treatment, an unknown patient and a discount above the total are 422', async () => {
    let res = await create({
      PatientID: 1,
      treatments: [
        { ID: '0101', quantity: 1 },
        { ID: '9999', quantity: 1 },
      ],
    });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors['treatments.1.ID']?.msg).toBe(MSG.unknownTreatment);
    res = await create({ PatientID: 99_999, treatments: [{ ID: '0101', quantity: 1 }] });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.PatientID?.msg).toBe(MSG.patientNotFoundApi);
    res = await create({ PatientID: 1, treatments: [{ ID: '0101', quantity: 1 }], discount: 1170.01 });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.discount?.msg).toBe(MSG.discountAboveTotal);
  });

  test('?validate=true checks without writing', async () => {
    const before = await row('select count(*) as n from budgets');
    const res = await call('/api/Budgets?validate=true', {
      token: medic,
      body: { PatientID: 1, treatments: [{ ID: '0101', quantity: 1 }] },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ errors: {} });
    expect(await row('select count(*) as n from budgets')).toEqual(before);
  });

  test('only medics build budgets: a patient gets 403', async () => {
    const res = await create(
      { PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0101', quantity: 1 }] },
      patient,
    );
    expect(res.status).toBe(403);
  });
});

describe('GET /api/Budgets', () => {
  let ids: { bartSmall: number; selmaBig: number; demoMid: number };

  beforeAll(async () => {
    await env.DB.prepare('delete from budgets').run();
    ids = {
      bartSmall: await createdId({ PatientID: bart, treatments: [{ ID: '0601', quantity: 1 }] }),
      selmaBig: await createdId({ PatientID: selma, treatments: [{ ID: '0801', quantity: 2 }] }),
      demoMid: await createdId({ PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] }),
    };
    // Distinct creation dates, in an order unlike both the IDs and the amounts.
    await env.DB.batch([
      env.DB.prepare('update budgets set created_at = ? where id = ?').bind(
        '2026-01-03T10:00:00.000Z',
        ids.bartSmall,
      ),
      env.DB.prepare('update budgets set created_at = ? where id = ?').bind(
        '2026-01-01T10:00:00.000Z',
        ids.selmaBig,
      ),
      env.DB.prepare('update budgets set created_at = ?, paid = 1 where id = ?').bind(
        '2026-01-02T10:00:00.000Z',
        ids.demoMid,
      ),
    ]);
  });

  test('newest first by default, with lines, patient name and document, and the full count', async () => {
    const { rows, total } = await list('');
    expect(total).toBe('3');
    expect(rows.map((b) => b.ID)).toEqual([ids.bartSmall, ids.demoMid, ids.selmaBig]);
    expect(rows[0]).toMatchObject({
      patientFullName: 'Bart Simpson',
      patientDocument: '41234567',
      totalPrice: 1500,
      treatments: [{ ID: '0601', description: 'Periapical X-ray', quantity: 1, subTotalPrice: 1500 }],
    });
  });

  test.each([
    ['date_asc', ['selmaBig', 'demoMid', 'bartSmall']],
    ['date_desc', ['bartSmall', 'demoMid', 'selmaBig']],
    ['amount_asc', ['bartSmall', 'demoMid', 'selmaBig']],
    ['amount_desc', ['selmaBig', 'demoMid', 'bartSmall']],
    // by "name lastname": Bart Simpson, Lisa Simpson (the demo patient), Selma Bouvier
    ['name_asc', ['bartSmall', 'demoMid', 'selmaBig']],
    ['name_desc', ['selmaBig', 'demoMid', 'bartSmall']],
  ] as const)('sort=%s', async (sort, order) => {
    const { rows } = await list(`?sort=${sort}`);
    expect(rows.map((b) => b.ID)).toEqual(order.map((k) => ids[k]));
  });

  test('paid=true and paid=false filter, and count what they keep', async () => {
    const paid = await list('?paid=true');
    expect(paid.rows.map((b) => b.ID)).toEqual([ids.demoMid]);
    expect(paid.total).toBe('1');
    const unpaid = await list('?paid=false&sort=amount_desc');
    expect(unpaid.rows.map((b) => b.ID)).toEqual([ids.selmaBig, ids.bartSmall]);
    expect(unpaid.total).toBe('2');
  });

  test('q is a case-insensitive substring of the name or last name, or digits of the document', async () => {
    expect((await list('?q=SIMPS')).rows.map((b) => b.ID)).toEqual([ids.bartSmall, ids.demoMid]);
    expect((await list('?q=elm')).rows.map((b) => b.ID)).toEqual([ids.selmaBig]);
    expect((await list('?q=lisa%20%20simpson')).rows.map((b) => b.ID)).toEqual([ids.demoMid]);
    expect((await list('?q=2345')).rows.map((b) => b.ID)).toEqual([ids.bartSmall, ids.demoMid]);
    expect((await list('?q=98765')).rows.map((b) => b.ID)).toEqual([ids.selmaBig]);
    const none = await list('?q=nobody');
    expect(none).toEqual({ rows: [], total: '0' });
    expect((await list('?q=%25')).rows).toEqual([]);
  });

  test('search, filter and sort combine; limit and offset page with the full count', async () => {
    const combined = await list('?q=s&paid=false&sort=amount_desc');
    expect(combined.rows.map((b) => b.ID)).toEqual([ids.selmaBig, ids.bartSmall]);
    expect(combined.total).toBe('2');
    const page = await list('?sort=amount_asc&limit=1&offset=1');
    expect(page.rows.map((b) => b.ID)).toEqual([ids.demoMid]);
    expect(page.total).toBe('3');
  });

  test.each(['?sort=price', '?paid=yes', '?limit=201', '?offset=-1'])('%s is 422, never a 500', async (q) => {
    expect((await call(`/api/Budgets${q}`, { token: medic })).status).toBe(422);
  });

  test("a patient lists only their own budgets, and another's is a 404", async () => {
    const own = await list('', patient);
    expect(own.rows.map((b) => b.ID)).toEqual([ids.demoMid]);
    expect(own.total).toBe('1');
    expect((await list('?paid=false', patient)).rows).toEqual([]);
    expect((await call(`/api/Budgets/${ids.demoMid}`, { token: patient })).status).toBe(200);
    const other = await call(`/api/Budgets/${ids.bartSmall}`, { token: patient });
    expect(other.status).toBe(404);
    expect((await other.json<{ msg: string }>()).msg).toBe(MSG.budgetNotFound);
  });

  test('without a session it is 401', async () => {
    expect((await call('/api/Budgets')).status).toBe(401);
  });
});

describe('GET /api/Budgets?paid=false: a voided budget is not money owed', () => {
  let owed: number;
  let voided: number;
  let own: number;

  beforeAll(async () => {
    await env.DB.prepare('delete from budgets').run();
    owed = await createdId({ PatientID: selma, treatments: [{ ID: '0601', quantity: 1 }] });
    voided = await createdId({ PatientID: selma, treatments: [{ ID: '0801', quantity: 1 }] });
    own = await createdId({ PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0201', quantity: 1 }] });
    for (const id of [voided, own]) {
      const res = await call(`/api/Budgets/${id}/void`, {
        token: medic,
        body: { reason: 'Made by mistake' },
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  });

  test("the unpaid list, its count, its searches and the patient's own leave it out", async () => {
    for (const q of ['?paid=false', '?paid=false&q=selma', '?paid=false&q=se', '?paid=false&q=42987654']) {
      const unpaid = await list(q);
      expect(
        unpaid.rows.map((b) => b.ID),
        q,
      ).toEqual([owed]);
      expect(unpaid.total, q).toBe('1');
    }
    expect((await list('?paid=false', patient)).rows).toEqual([]);
    expect((await list('?paid=true')).rows).toEqual([]);
  });

  test('the unfiltered list still shows it, Voided', async () => {
    const all = await list('?q=selma');
    expect(all.rows.map((b) => [b.ID, b.status])).toEqual([
      [voided, 'Voided'],
      [owed, 'Pending'],
    ]);
    expect((await list('')).total).toBe('3');
  });

  test("the unpaid list's CSV leaves it out", async () => {
    const res = await call('/api/Budgets?paid=false&format=csv', { token: medic });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\r\n').filter(Boolean);
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([owed]);
  });
});

describe('GET /api/Budgets/:id', () => {
  test("answers the budget with its patient's details, and writes the audit log", async () => {
    const id = await createdId({ PatientID: selma, treatments: [{ ID: '0401', quantity: 1 }] });
    const res = await call(`/api/Budgets/${id}`, { token: medic });
    expect(res.status).toBe(200);
    const budget = await res.json<BudgetDetails>();
    expect(budget).toMatchObject({
      ID: id,
      totalPrice: 5200,
      patient: {
        name: 'Selma',
        lastName: 'Bouvier',
        age: expect.any(Number),
        document: '42987654',
        cellphone: '1155550102',
        medicalService: 'OSDE',
      },
    });
    expect(budget.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(budget.updateDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(
      await row(
        "select patient_id, status from audit_log where action = 'read budget' order by id desc limit 1",
      ),
    ).toEqual({ patient_id: selma, status: 200 });
  });

  test('an unknown or malformed ID is 404', async () => {
    expect((await call('/api/Budgets/99999', { token: medic })).status).toBe(404);
    expect((await call('/api/Budgets/abc', { token: medic })).status).toBe(404);
  });
});

describe('PUT /api/Budgets', () => {
  test('stores the payment link and id after creation', async () => {
    const id = await createdId({ PatientID: bart, treatments: [{ ID: '0101', quantity: 1 }] });
    const res = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: id, linkPayment: 'https://checkout.stripe.test/c/pay/cs_1', idPayment: 'cs_1' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      ID: id,
      linkPayment: 'https://checkout.stripe.test/c/pay/cs_1',
      idPayment: 'cs_1',
      paid: false,
    });
  });

  test("marking paid accepts the patient's consultation turn in the same batch, and nothing else", async () => {
    const id = await createdId({ PatientID: bart, treatments: [{ ID: '0101', quantity: 1 }] });
    const consult = await env.DB.prepare(
      `insert into turns (date, time, duration, description, medic_accepts, patient_accepts, patient_id, is_consultation)
       values ('2030-01-10', 10, 0.5, '#consult', 1, 0, ?, 1) returning id`,
    )
      .bind(bart)
      .first<{ id: number }>();
    const other = await env.DB.prepare(
      `insert into turns (date, time, duration, description, medic_accepts, patient_accepts, patient_id)
       values ('2030-01-11', 10, 0.5, 'check-up', 1, 0, ?) returning id`,
    )
      .bind(bart)
      .first<{ id: number }>();
    await env.DB.prepare('update budgets set turn_id = ? where id = ?').bind(consult?.id, id).run();

    const res = await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: id, paid: true } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ID: id, paid: true });
    expect(await row('select paid from budgets where id = ?', id)).toEqual({ paid: 1 });
    expect(await row('select patient_accepts from turns where id = ?', consult?.id)).toEqual({
      patient_accepts: 1,
    });
    expect(await row('select patient_accepts from turns where id = ?', other?.id)).toEqual({
      patient_accepts: 0,
    });
  });

  test.each([
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'http://checkout.example/pay',
    'http://localhost:8787/elsewhere',
  ])('linkPayment %s is refused: https only, or the local demo checkout', async (linkPayment) => {
    const id = await createdId({ PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0101', quantity: 1 }] });
    const res = await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: id, linkPayment } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.linkPayment?.msg).toBe(MSG.linkPaymentHttps);
  });

  test('the local demo checkout link is accepted', async () => {
    const id = await createdId({ PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0101', quantity: 1 }] });
    const linkPayment = `http://localhost:8787/api/payments/demo-checkout/${id}`;
    const res = await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: id, linkPayment } });
    expect(res.status).toBe(200);
  });

  test('paid false is 422, an unknown budget 404, a patient 403', async () => {
    const id = await createdId({ PatientID: DEMO_PATIENT_ID, treatments: [{ ID: '0101', quantity: 1 }] });
    let res = await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: id, paid: false } });
    expect(res.status).toBe(422);
    expect((await res.json<ErrorBody>()).errors.paid?.msg).toBe(MSG.paidOnlyTrue);
    res = await call('/api/Budgets', {
      method: 'PUT',
      token: medic,
      body: { ID: id, linkPayment: 'not a url' },
    });
    expect(res.status).toBe(422);
    res = await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: 99_999, paid: true } });
    expect(res.status).toBe(404);
    res = await call('/api/Budgets', { method: 'PUT', token: patient, body: { ID: id, paid: true } });
    expect(res.status).toBe(403);
    expect(await row('select paid from budgets where id = ?', id)).toEqual({ paid: 0 });
  });
});

describe('the budgets search by three characters or more (the trigram index of budgets)', () => {
  let mona: number;
  const ids = async (query: string): Promise<number[]> => (await list(query)).rows.map((b) => b.ID);

  beforeAll(async () => {
    mona = await addPatient(medic, {
      name: 'Mona',
      lastName: 'Manybudget',
      document: '43111222',
      email: 'mona@clinic.test',
      cellphone: '1155550404',
      telephone: '1145550404',
      birth: '1960-02-03',
    });
  });

  test('follows new budgets, payments, creation dates, renames and deletes', async () => {
    const first = await createdId({ PatientID: mona, treatments: [{ ID: '0601', quantity: 1 }] });
    const second = await createdId({ PatientID: mona, treatments: [{ ID: '0201', quantity: 1 }] });
    expect(await ids('?q=manybud')).toEqual([second, first]);
    expect(await ids('?q=111222')).toEqual([second, first]);
    expect(await ids('?q=manybud&sort=date_asc')).toEqual([first, second]);

    await call('/api/Budgets', { method: 'PUT', token: medic, body: { ID: first, paid: true } });
    expect(await ids('?q=manybud&paid=true')).toEqual([first]);
    expect(await ids('?q=manybud&paid=false')).toEqual([second]);

    // An older creation date moves the budget in the order, as the list without a search does.
    await env.DB.prepare('update budgets set created_at = ? where id = ?')
      .bind('2020-01-01T00:00:00.000Z', second)
      .run();
    expect(await ids('?q=manybud')).toEqual([first, second]);
    expect(await ids('?q=manybud&sort=date_asc')).toEqual([second, first]);

    const res = await call(`/api/patients/${mona}`, {
      method: 'PUT',
      token: medic,
      body: {
        infoUser: {
          name: 'Ramona',
          lastName: 'Fewbudgets',
          birth: '1960-02-03',
          telephone: '1145550404',
          cellphone: '1155550404',
          street: 'Main',
          number: '1',
          city: 'Springfield',
          postalCode: '1000',
        },
        infoPatient: { medicalService: 'OSDE' },
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await ids('?q=manybud')).toEqual([]);
    expect(await ids('?q=ramona%20fewbud')).toEqual([first, second]);

    // A new document (the patient's own profile may change it) is what the DNI search finds.
    await env.DB.prepare(
      'update users set document = ? where id = (select user_id from patients where id = ?)',
    )
      .bind('43999888', mona)
      .run();
    expect(await ids('?q=111222')).toEqual([]);
    expect(await ids('?q=999888')).toEqual([first, second]);

    await env.DB.prepare('delete from budgets where id = ?').bind(first).run();
    expect(await ids('?q=fewbud')).toEqual([second]);
    await env.DB.prepare('delete from budgets where id = ?').bind(second).run();
    expect(await ids('?q=fewbud')).toEqual([]);
  });

  test('many matches: the page in creation order, and a count that stops 60 past the page', async () => {
    // 70 budgets for Ramona Fewbudgets, made in one statement (the same creation time, then by id).
    await env.DB.prepare(
      `insert into budgets (patient_id, total_cents)
       with recursive seq(n) as (select 1 union all select n + 1 from seq where n < 70)
       select ?, 1000 + n from seq`,
    )
      .bind(mona)
      .run();
    const page = await call('/api/Budgets?q=fewbud&limit=5', { token: medic });
    expect(page.headers.get('X-Total-Count')).toBe('65');
    expect(page.headers.get('X-Total-Count-Exact')).toBe('false');
    const all = await list('?q=fewbud&limit=200');
    expect(all.total).toBe('70');
    const newestFirst = [...all.rows].sort(
      (a, b) => b.creationDate.localeCompare(a.creationDate) || b.ID - a.ID,
    );
    expect(all.rows.map((b) => b.ID)).toEqual(newestFirst.map((b) => b.ID));
    expect((await page.json<Budget[]>()).map((b) => b.ID)).toEqual(all.rows.slice(0, 5).map((b) => b.ID));
    const later = await call('/api/Budgets?q=fewbud&limit=5&offset=10', { token: medic });
    expect(later.headers.get('X-Total-Count')).toBe('70');
    expect(later.headers.get('X-Total-Count-Exact')).toBeNull();
    // Sorted by amount, every match is read and sorted: the highest amounts first.
    const byAmount = await list('?q=fewbud&sort=amount_desc&limit=3');
    expect(byAmount.rows.map((b) => b.totalPrice)).toEqual([10.7, 10.69, 10.68]);
  });
});
