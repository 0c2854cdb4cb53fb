import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashPassword } from '../../lib/password';

/** D1 binds JS numbers as REAL; integer arithmetic needs integer literals. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/** The password of the synthetic patients that can sign in (one in every 1,000). */
export const BENCH_PASSWORD = 'Bench2026';
/** Every BENCH_LOGIN_EVERY-th synthetic patient (bench-1000@bench.test, bench-2000@…) can sign in. */
export const BENCH_LOGIN_EVERY = 1000;

/**
 * Local benchmark only: what the patient page reads, for the synthetic patients (their users'
 * emails start with 'bench-'): `evolutionsPerPatient` visit notes and one study each, and a
 * clinical history for every other patient. Set-based inside SQLite, topped up idempotently.
 * Also gives every BENCH_LOGIN_EVERY-th of them a password, so the bench can read as a patient.
 */
export async function seedBenchRecords(
  db: Db,
  evolutionsPerPatient: number,
  pepper: string,
): Promise<{ evolutions: number; studies: number; clinicalHistories: number; logins: number }> {
  const benchPatients = sql`select p.id from patients p join users u on u.id = p.user_id where u.email like 'bench-%@bench.test'`;
  const seeded = await db.get<{ n: number }>(
    sql`select count(*) as n from studies where description = 'bench'`,
  );
  if ((seeded?.n ?? 0) === 0) {
    await db.run(sql`
      insert into evolutions (date, observations, medic_id, patient_id, treatment_id, tooth_id)
      with recursive k(n) as (select 1 union all select n + 1 from k where n < ${int(evolutionsPerPatient)})
      select date('2028-01-01', '+' || ((b.id * 37 + k.n * 113) % 1400) || ' days'),
             'Composite filling, one surface. Review in six months.', 1, b.id, '0101', 11
      from (${benchPatients}) b, k`);
    await db.run(sql`
      insert into studies (patient_id, study_type, description)
      select b.id, case when b.id % 2 = 0 then 'laboratory' else 'complementary' end, 'bench'
      from (${benchPatients}) b`);
    await db.run(sql`
      insert into clinical_histories (patient_id, b_smoker, b_other)
      select b.id, b.id % 5 = 0, '' from (${benchPatients}) b where b.id % 2 = 0`);
  }
  const hash = await hashPassword(BENCH_PASSWORD, pepper);
  await db.run(sql`
    update users set password_hash = ${hash}
    where email in (
      with recursive k(n) as (select ${int(BENCH_LOGIN_EVERY)} union all select n + ${int(BENCH_LOGIN_EVERY)} from k where n < 1000000)
      select 'bench-' || n || '@bench.test' from k)`);
  const counts = await db.get<{
    evolutions: number;
    studies: number;
    clinicalHistories: number;
    logins: number;
  }>(
    sql`select (select count(*) from evolutions) as evolutions, (select count(*) from studies) as studies,
               (select count(*) from clinical_histories) as clinicalHistories,
               (select count(*) from users where email like 'bench-%@bench.test' and password_hash is not null) as logins`,
  );
  return counts ?? { evolutions: 0, studies: 0, clinicalHistories: 0, logins: 0 };
}
