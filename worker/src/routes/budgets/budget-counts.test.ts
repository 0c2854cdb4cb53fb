import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { addPatient, call, db, seed, signInMedic } from '../../../test/helpers';
import { budgets, patients } from '../../db/schema';

/** The list's X-Total-Count for a filter, and the budgets counted one by one. */
async function totals(token: string, paid?: 'true' | 'false') {
  const res = await call(`/api/Budgets?limit=1${paid ? `&paid=${paid}` : ''}`, { token });
  expect(res.status).toBe(200);
  // A voided budget is not owed: the unpaid count leaves it out.
  const where =
    paid === undefined ? sql`1` : paid === 'true' ? sql`paid = 1` : sql`paid = 0 and voided_at is null`;
  const counted = await db().get<{ n: number }>(sql`select count(*) as n from budgets where ${where}`);
  return { header: Number(res.headers.get('x-total-count')), counted: counted?.n ?? -1 };
}

async function expectInStep(token: string): Promise<void> {
  for (const paid of [undefined, 'true', 'false'] as const) {
    const { header, counted } = await totals(token, paid);
    expect(header, `paid=${paid}`).toBe(counted);
  }
}

describe('the budgets count kept in step (budget_counts)', () => {
  let medic: string;
  let patientId: number;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
    const first = await db().select({ id: patients.id }).from(patients).limit(1).get();
    patientId = first?.id ?? 0;
  });

  test('follows inserts, payments and deletes, in the list total without a search', async () => {
    await expectInStep(medic);
    const created = await db()
      .insert(budgets)
      .values([
        { patientId, totalCents: 100 },
        { patientId, totalCents: 200 },
        { patientId, totalCents: 300, paid: true },
      ])
      .returning({ id: budgets.id });
    await expectInStep(medic);
    const [a, b, c] = created.map((r) => r.id) as [number, number, number];
    await db().update(budgets).set({ paid: true }).where(eq(budgets.id, a));
    // Touching paid without changing it, and changing other columns, leave the counts alone.
    await db().update(budgets).set({ paid: true, totalCents: 150 }).where(eq(budgets.id, a));
    await expectInStep(medic);
    await db().delete(budgets).where(eq(budgets.id, b));
    await db().delete(budgets).where(eq(budgets.id, c));
    await expectInStep(medic);
    // Through the API too: marking a budget paid moves it from one count to the other.
    const res = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0101', quantity: 1 }], discount: null },
    });
    expect(res.status).toBe(201);
    await expectInStep(medic);
    const { ID } = await res.json<{ ID: number }>();
    const paid = await call('/api/Budgets', { token: medic, method: 'PUT', body: { ID, paid: true } });
    expect(paid.status).toBe(200);
    await expectInStep(medic);
    // Voiding a budget takes it off the unpaid count (it is not owed); the whole count keeps it.
    const other = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0101', quantity: 1 }], discount: null },
    });
    const { ID: otherId } = await other.json<{ ID: number }>();
    const voided = await call(`/api/Budgets/${otherId}/void`, { token: medic, body: { reason: 'Mistake' } });
    expect(voided.status).toBe(200);
    await expectInStep(medic);
  });
});

describe("the patient's name each budget carries for the sort by name (budgets.patient_name)", () => {
  let medic: string;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
  });

  /** Every budget's copy against its patient's search name: the budgets where they differ. */
  const outOfStep = () =>
    db().all<{ id: number }>(sql`
      select b.id from budgets b join patients p on p.id = b.patient_id join users u on u.id = p.user_id
      where b.patient_name <> u.search_name`);

  test('is set on every new budget and follows a rename of its patient, in the sorted list too', async () => {
    const patientId = await addPatient(medic, {
      name: 'Aaron',
      lastName: 'Abbott',
      document: '55500022',
      email: 'aaron@clinic.test',
      cellphone: '1155550022',
      telephone: '1145550022',
      birth: '1980-01-01',
    });
    const res = await call('/api/Budgets', {
      token: medic,
      body: { PatientID: patientId, treatments: [{ ID: '0101', quantity: 1 }], discount: null },
    });
    expect(res.status).toBe(201);
    const { ID } = await res.json<{ ID: number }>();
    expect(await outOfStep()).toEqual([]);
    const lastByName = async () =>
      (
        await (await call('/api/Budgets?sort=name_desc&limit=1', { token: medic })).json<{ ID: number }[]>()
      )[0]?.ID;
    expect(await lastByName()).not.toBe(ID);

    await db().run(sql`update users set search_name = 'zzzz zzzz'
      where id = (select user_id from patients where id = ${patientId})`);
    expect(await outOfStep()).toEqual([]);
    expect(await lastByName()).toBe(ID);
  });
});
