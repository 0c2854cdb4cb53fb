import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Synthetic turns start on this date, far from any real calendar, 16 a day (09:00 to 16:30). */
export const BENCH_TURNS_FROM = '2030-01-01';
const PER_DAY = 16;

/** D1 binds JS numbers as REAL; integer arithmetic needs integer literals. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * Local benchmark only: tops the database up to `total` synthetic turns (description
 * 'bench'), spread over the patients there are, in one set-based statement.
 */
export async function seedBenchTurns(db: Db, total: number): Promise<{ turns: number; from: string }> {
  const existing = await db.get<{ n: number }>(
    sql`select count(*) as n from turns where description = 'bench'`,
  );
  const from = existing?.n ?? 0;
  if (from < total) {
    await db.run(sql`
      insert into turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id)
      with recursive seq(n) as (select ${int(from)} union all select n + 1 from seq where n < ${int(total - 1)}),
      ids as (select min(id) as lo, max(id) - min(id) + 1 as span from patients)
      select date(${BENCH_TURNS_FROM}, '+' || (n / ${int(PER_DAY)}) || ' days'),
             9 + (n % ${int(PER_DAY)}) * 0.5, 0.5, 'bench', 1, n % 2, 1, ids.lo + (n * 7919) % ids.span
      from seq, ids`);
  }
  const count = await db.get<{ n: number }>(sql`select count(*) as n from turns`);
  return { turns: count?.n ?? 0, from: BENCH_TURNS_FROM };
}
