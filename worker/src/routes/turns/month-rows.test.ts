import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, db, seed, signInMedic } from '../../../test/helpers';
import { seedBenchPatients } from '../../local/bench/patients';
import { seedBenchTurns } from '../../local/bench/turns';

/** Rows read by a request, from its Server-Timing `db` entry. */
function rowsReadOf(res: Response): number {
  const m = /db;desc="rows_read=(\d+)/.exec(res.headers.get('server-timing') ?? '');
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * The calendar's month in pages of 200 (16 synthetic turns a day): each page reads its own turns
 * with their patients and users, the month's per-day counts, and the days up to where it starts,
 * within its rows returned + 500; a later page never reads the turns it skips with their patients.
 */
describe('the calendar month reads within returned + 500 rows, on every page', () => {
  const FROM = '2030-01-01';
  const TO = '2030-01-31';
  let medic: string;
  beforeAll(async () => {
    await seed();
    await seedBenchPatients(db(), 600);
    await seedBenchTurns(db(), 1000);
    medic = await signInMedic();
  });

  test.each([0, 10, 200, 215, 400])(
    'a page of 200 at offset %i: the right turns, within budget',
    async (offset) => {
      const all = await db().all<{ id: number }>(
        sql`select id from turns where date >= ${FROM} and date <= ${TO} order by date, time, id`,
      );
      const res = await call(`/api/turns?from=${FROM}&to=${TO}&limit=200&offset=${offset}`, { token: medic });
      expect(res.status).toBe(200);
      const rows = await res.json<{ ID: number }[]>();
      expect(rows.map((r) => r.ID)).toEqual(all.slice(offset, offset + 200).map((r) => r.id));
      expect(Number(res.headers.get('x-total-count'))).toBe(all.length);
      expect(rowsReadOf(res)).toBeLessThanOrEqual(rows.length + 500);
    },
  );
});
