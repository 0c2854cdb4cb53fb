import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** D1 binds JS numbers as REAL; integer arithmetic needs integer literals. */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

/**
 * Local benchmark only: tops the database up to `total` synthetic budgets spread over
 * every patient (one line each, a third paid, creation dates a minute apart), set-based inside SQLite.
 */
export async function seedBenchBudgets(db: Db, total: number): Promise<{ budgets: number }> {
  const existing = await db.get<{ n: number }>(
    sql`select count(*) as n from budgets where id_payment like 'bench_%'`,
  );
  const from = (existing?.n ?? 0) + 1;
  if (from <= total) {
    await db.run(sql`
      insert into budgets (patient_id, total_cents, paid, id_payment, created_at, updated_at)
      with recursive seq(n) as (select ${int(from)} union all select n + 1 from seq where n < ${int(total)}),
      span as (select min(id) as lo, max(id) - min(id) + 1 as width from patients)
      select span.lo + (n * 7919) % span.width, 1000 + (n * 3571) % 200000, n % 3 = 0, 'bench_' || n,
             strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes'),
             strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes')
      from seq, span`);
    await db.run(sql`
      insert into budget_lines (budget_id, treatment_id, treatment_type, description, price_cents, quantity,
                                sub_total_cents)
      select b.id, '0201', 'fillings', 'Composite filling, one surface', b.total_cents, 1, b.total_cents
      from budgets b
      where b.id_payment like 'bench_%' and not exists (select 1 from budget_lines l where l.budget_id = b.id)`);
  }
  const count = await db.get<{ n: number }>(sql`select count(*) as n from budgets`);
  return { budgets: count?.n ?? 0 };
}
