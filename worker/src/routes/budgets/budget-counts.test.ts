import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, db, seed, signInMedic } from '../../../test/helpers';
import { budgets, patients } from '../../db/schema';

/** The list's X-Total-Count for a filter, and the budgets counted one by one. */
async function totals(token: string, paid?: 'true' | 'false') {
  const res = await call(`/api/Budgets?limit=1${paid ? `&paid=${paid}` : ''}`, { token });
  expect(res.status).toBe(200);
  const where = paid === undefined ? sql`1` : sql`paid = ${paid === 'true' ? 1 : 0}`;
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
  });
});
