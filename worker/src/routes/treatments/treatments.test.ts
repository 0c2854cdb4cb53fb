import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, seed, signInMedic, signInPatient } from '../../../test/helpers';
import { MSG } from '../../contract/messages';
import type { Treatment } from '../../contract/treatments';
import { DEMO_TREATMENTS } from '../../local/seed';

let medic: string;
let patient: string;

beforeAll(async () => {
  await seed();
  medic = await signInMedic();
  patient = await signInPatient();
});

const priceCentsOf = async (id: string): Promise<number | undefined> =>
  (
    await env.DB.prepare('select price_cents from treatments where id = ?')
      .bind(id)
      .first<{ price_cents: number }>()
  )?.price_cents;

describe('GET /api/treatments', () => {
  test('a search of 49 to 100 characters answers, never 500 (D1 refuses LIKE patterns over 50 bytes)', async () => {
    const filling = DEMO_TREATMENTS[1];
    for (const length of [48, 49, 50, 100]) {
      const q = 'x'.repeat(length);
      const res = await call(`/api/treatments?q=${q}`, { token: medic });
      expect(res.status, `q of ${length}`).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    // a long term still finds what contains it, whatever its case
    const res = await call(`/api/treatments?q=${encodeURIComponent('COMPOSITE FILLING, ONE')}`, {
      token: medic,
    });
    expect(res.status).toBe(200);
    expect((await res.json<Treatment[]>()).map((t) => t.ID)).toEqual([filling?.id]);
  });

  test('lists the price list by ID in currency units, with the full count', async () => {
    const res = await call('/api/treatments', { token: medic });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe(String(DEMO_TREATMENTS.length));
    const rows = await res.json<Treatment[]>();
    expect(rows).toHaveLength(DEMO_TREATMENTS.length);
    expect(rows[0]).toMatchObject({
      ID: '0101',
      treatmentType: 'consultas',
      description: 'consultation',
      price: 1170,
      ClinicID: 1,
    });
    expect(rows[0]?.creationDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(rows[0]?.updateDate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  test('pages with limit and offset', async () => {
    const res = await call('/api/treatments?limit=10&offset=10', { token: medic });
    expect(res.headers.get('X-Total-Count')).toBe(String(DEMO_TREATMENTS.length));
    const rows = await res.json<Treatment[]>();
    expect(rows.map((t) => t.ID)).toEqual(DEMO_TREATMENTS.slice(10).map((t) => t.id));
  });

  test('q searches code, type and description; % is taken literally', async () => {
    const res = await call('/api/treatments?q=ROOT', { token: medic });
    expect((await res.json<Treatment[]>()).map((t) => t.ID)).toEqual(['0301', '0302']);
    expect(res.headers.get('X-Total-Count')).toBe('2');
    expect(await (await call('/api/treatments?q=%25', { token: medic })).json()).toEqual([]);
  });

  test('a bad limit is 422, never a 500', async () => {
    expect((await call('/api/treatments?limit=500', { token: medic })).status).toBe(422);
    expect((await call('/api/treatments?offset=-1', { token: medic })).status).toBe(422);
  });

  test('only medics see prices: a patient gets 403', async () => {
    expect((await call('/api/treatments', { token: patient })).status).toBe(403);
  });
});

describe('PUT /api/treatments', () => {
  test('a medic updates a price; it persists and the update date moves', async () => {
    const before = (await (await call('/api/treatments?q=0201', { token: medic })).json<Treatment[]>())[0];
    const res = await call('/api/treatments', {
      method: 'PUT',
      token: medic,
      body: { ID: '0201', price: 4750.5 },
    });
    expect(res.status).toBe(200);
    const updated = await res.json<Treatment>();
    expect(updated).toMatchObject({ ID: '0201', price: 4750.5 });
    expect(updated.updateDate > (before?.updateDate ?? '')).toBe(true);
    expect(await priceCentsOf('0201')).toBe(475_050);
    const reloaded = (await (await call('/api/treatments?q=0201', { token: medic })).json<Treatment[]>())[0];
    expect(reloaded?.price).toBe(4750.5);
  });

  test('a price typed as text is read as a number', async () => {
    const res = await call('/api/treatments', {
      method: 'PUT',
      token: medic,
      body: { ID: '0202', price: '6300' },
    });
    expect(res.status).toBe(200);
    expect(await priceCentsOf('0202')).toBe(630_000);
  });

  test('a patient gets 403 and the price stays', async () => {
    const res = await call('/api/treatments', {
      method: 'PUT',
      token: patient,
      body: { ID: '0101', price: 1 },
    });
    expect(res.status).toBe(403);
    expect(await priceCentsOf('0101')).toBe(117_000);
  });

  test.each([0, -10, 'abc', '', null, Number.MAX_SAFE_INTEGER, true])(
    'rejects price %j with Must be a positive number and writes nothing',
    async (price) => {
      const res = await call('/api/treatments', { method: 'PUT', token: medic, body: { ID: '0101', price } });
      expect(res.status).toBe(422);
      const body = await res.json<{ errors: Record<string, { msg: string }> }>();
      expect(body.errors.price?.msg).toBe(MSG.positiveNumber);
      expect(await priceCentsOf('0101')).toBe(117_000);
    },
  );

  test('a missing ID is 422; an unknown ID is 404', async () => {
    const missing = await call('/api/treatments', { method: 'PUT', token: medic, body: { price: 10 } });
    expect(missing.status).toBe(422);
    const unknown = await call('/api/treatments', {
      method: 'PUT',
      token: medic,
      body: { ID: '9999', price: 10 },
    });
    expect(unknown.status).toBe(404);
  });

  test('?validate=true checks without writing', async () => {
    const res = await call('/api/treatments?validate=true', {
      method: 'PUT',
      token: medic,
      body: { ID: '0101', price: 2000 },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ errors: {} });
    expect(await priceCentsOf('0101')).toBe(117_000);
  });
});

describe('POST /api/treatments', () => {
  test('a medic adds a treatment; it is listed and can go into a budget; the same ID twice is 409', async () => {
    const body = { ID: '9901', treatmentType: 'whitening', description: 'In-office whitening', price: 25000 };
    let res = await call('/api/treatments', { token: medic, body });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ ID: '9901', treatmentType: 'whitening', price: 25000 });
    expect(await priceCentsOf('9901')).toBe(2_500_000);
    res = await call('/api/treatments', { token: medic, body: { ...body, price: 1 } });
    expect(res.status).toBe(409);
    expect((await res.json<{ msg: string }>()).msg).toBe(MSG.treatmentExists);
    expect(await priceCentsOf('9901')).toBe(2_500_000);
    res = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: 1, treatments: [{ ID: '9901', quantity: 1 }] },
    });
    expect(res.status).toBe(201);
  });

  test('no type or a bad price is 422 and writes nothing; a patient gets 403', async () => {
    for (const body of [
      { ID: '9902', price: 10 },
      { ID: '9902', treatmentType: 'x', price: -5 },
      { ID: '', treatmentType: 'x', price: 5 },
    ]) {
      expect((await call('/api/treatments', { token: medic, body })).status).toBe(422);
    }
    expect(
      (await call('/api/treatments', { token: patient, body: { ID: '9902', treatmentType: 'x', price: 5 } }))
        .status,
    ).toBe(403);
    expect(await priceCentsOf('9902')).toBeUndefined();
  });
});

describe('PUT /api/treatments/prices', () => {
  test('changes only the selected prices by the percentage, in whole cents, answering the old prices', async () => {
    const [a, b, c] = DEMO_TREATMENTS;
    if (!a || !b || !c) throw new Error('the demo price list has three treatments');
    const before = await Promise.all([a.id, b.id, c.id].map(priceCentsOf));
    const res = await call('/api/treatments/prices', {
      method: 'PUT',
      token: medic,
      body: { IDs: [a.id, b.id], percent: 10 },
    });
    expect(res.status).toBe(200);
    const changed = await res.json<(Treatment & { oldPrice: number })[]>();
    expect(changed.map((t) => t.ID).sort()).toEqual([a.id, b.id].sort());
    for (const t of changed) {
      const old = before[[a.id, b.id].indexOf(t.ID)] ?? 0;
      expect(t.oldPrice).toBe(old / 100);
      expect(await priceCentsOf(t.ID)).toBe(Math.round(old * 1.1));
    }
    expect(await priceCentsOf(c.id)).toBe(before[2]);
  });

  test('no selection, a percentage out of range, or unknown IDs change nothing', async () => {
    const [a] = DEMO_TREATMENTS;
    const before = await priceCentsOf(a?.id ?? '');
    for (const body of [
      { IDs: [], percent: 5 },
      { IDs: [a?.id], percent: -95 },
      { IDs: [a?.id], percent: 0 },
    ]) {
      expect((await call('/api/treatments/prices', { method: 'PUT', token: medic, body })).status).toBe(422);
    }
    expect(
      (
        await call('/api/treatments/prices', {
          method: 'PUT',
          token: medic,
          body: { IDs: ['nope'], percent: 5 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call('/api/treatments/prices', {
          method: 'PUT',
          token: patient,
          body: { IDs: [a?.id], percent: 5 },
        })
      ).status,
    ).toBe(403);
    expect(await priceCentsOf(a?.id ?? '')).toBe(before);
  });
});

describe('GET /api/treatments/consultation', () => {
  test("a patient reads the consultation's price (the 0101 treatment's) before requesting one; signed out: 401", async () => {
    const cents = await priceCentsOf('0101');
    const res = await call('/api/treatments/consultation', { token: patient });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ price: (cents ?? 0) / 100, currency: expect.any(String) });
    // a new price is the price a patient sees
    await env.DB.prepare('update treatments set price_cents = ? where id = ?').bind(123_450, '0101').run();
    const after = await call('/api/treatments/consultation', { token: medic });
    expect((await after.json<{ price: number }>()).price).toBe(1234.5);
    await env.DB.prepare('update treatments set price_cents = ? where id = ?').bind(cents, '0101').run();
    expect((await call('/api/treatments/consultation')).status).toBe(401);
  });
});
