import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, db, seed, signInMedic } from '../../../test/helpers';
import type { Turn } from '../../contract/answers';
import { patients, turns } from '../../db/schema';

const FROM = '2041-03-01';
const TO = '2041-03-31';

async function page(token: string, limit: number, offset: number) {
  const res = await call(`/api/turns?from=${FROM}&to=${TO}&limit=${limit}&offset=${offset}`, { token });
  expect(res.status).toBe(200);
  return {
    ids: (await res.json<Turn[]>()).map((t) => t.ID),
    total: Number(res.headers.get('x-total-count')),
  };
}

/** Every page of every size gives the same turns, in order, as the one big page; totals agree. */
async function expectPagesAgree(token: string): Promise<void> {
  const stored = await db()
    .select({ id: turns.id })
    .from(turns)
    .where(sql`${turns.date} between ${FROM} and ${TO}`)
    .orderBy(turns.date, turns.time, turns.id)
    .all();
  const all = stored.map((t) => t.id);
  const whole = await page(token, 200, 0);
  expect(whole).toEqual({ ids: all, total: all.length });
  for (const limit of [1, 3]) {
    for (let offset = 0; offset <= all.length + 1; offset++) {
      const p = await page(token, limit, offset);
      expect(p, `limit ${limit} offset ${offset}`).toEqual({
        ids: all.slice(offset, offset + limit),
        total: all.length,
      });
    }
  }
}

describe('the calendar reads a month in pages from the per-day counts (turn_days)', () => {
  let medic: string;
  let patientId: number;
  beforeAll(async () => {
    await seed();
    medic = await signInMedic();
    patientId = (await db().select({ id: patients.id }).from(patients).limit(1).get())?.id ?? 0;
  });

  // About 80 requests: more than the default 5 s on a loaded machine.
  test('pages and totals follow turns added, moved and removed', { timeout: 60_000 }, async () => {
    const turn = (date: string, time: number) => ({ date, time, duration: 0.5, description: 'x', patientId });
    const added = await db()
      .insert(turns)
      .values([
        turn('2041-03-02', 10),
        turn('2041-03-02', 9),
        turn('2041-03-02', 11),
        turn('2041-03-05', 9),
        turn('2041-03-09', 15),
        turn('2041-03-09', 9.5),
        turn('2041-03-31', 8),
        turn('2041-04-01', 8),
        turn('2041-02-28', 8),
      ])
      .returning({ id: turns.id });
    await expectPagesAgree(medic);
    const ids = added.map((t) => t.id);
    // Moved to another day of the month, out of it, and back in.
    await db()
      .update(turns)
      .set({ date: '2041-03-20' })
      .where(eq(turns.id, ids[0] as number));
    await db()
      .update(turns)
      .set({ date: '2041-05-01' })
      .where(eq(turns.id, ids[3] as number));
    await db()
      .update(turns)
      .set({ date: '2041-03-03' })
      .where(eq(turns.id, ids[8] as number));
    // Changing other columns leaves the counts alone.
    await db()
      .update(turns)
      .set({ time: 12 })
      .where(eq(turns.id, ids[1] as number));
    await expectPagesAgree(medic);
    await db()
      .delete(turns)
      .where(inArray(turns.id, [ids[4] as number, ids[6] as number]));
    await expectPagesAgree(medic);
  });
});
