import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { OfficeHours } from '../../contract/office-hours';
import type { Report, ReportMonth } from '../../contract/reports';
import { monthsBetween } from '../../contract/reports';
import type { Db } from '../../db/client';
import { clinics, medics, reportMoney, reportMonths, users } from '../../db/schema';

/** The roll-up's rows of the months, every medic's and the clinic's (medic 0): a few dozen at most. */
export const reportRowsQuery = (db: Db, from: string, to: string) =>
  db
    .select()
    .from(reportMonths)
    .where(between(reportMonths.month, from.slice(0, 7), to.slice(0, 7)))
    .orderBy(asc(reportMonths.month));

/**
 * The months' billed and collected in `currency` (the clinic's): budgets made in another currency
 * (before the clinic changed it) are left out of the money, never added up with it.
 */
export const reportMoneyQuery = (db: Db, from: string, to: string) =>
  db
    .select()
    .from(reportMoney)
    .where(
      and(
        eq(
          reportMoney.currency,
          sql`coalesce((select ${clinics.currency} from ${clinics} order by ${clinics.id} limit 1), 'ARS')`,
        ),
        between(reportMoney.month, from.slice(0, 7), to.slice(0, 7)),
      ),
    );

/**
 * The clinic's approved medics, each with a chair of their own. Read medic by medic (a user by its
 * key for each), so the users table, patients and all, is never walked.
 */
export const reportMedicsQuery = (db: Db) =>
  db
    .select({
      id: medics.id,
      name: sql<string>`coalesce((select ${users.name} from ${users} where ${users.id} = ${medics.userId}), '')`,
      lastName: sql<string>`coalesce((select ${users.lastName} from ${users} where ${users.id} = ${medics.userId}), '')`,
    })
    .from(medics)
    .where(sql`(select ${users.approved} from ${users} where ${users.id} = ${medics.userId}) = 1`)
    .orderBy(asc(medics.id));

type Row = typeof reportMonths.$inferSelect;
type MoneyRow = typeof reportMoney.$inferSelect;
type MedicRow = { id: number; name: string; lastName: string };

/** Hours the clinic is open in a month (YYYY-MM): each day's ranges, by its weekday. */
export function openHoursIn(month: string, hours: OfficeHours): number {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  let total = 0;
  for (let d = 1; d <= days; d += 1) {
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    for (const range of hours[weekday] ?? []) total += Math.max(0, range.max - range.min);
  }
  return total;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The report of every month from `from`'s to `to`'s, months with nothing included (all zero). */
export function reportFrom(
  rows: Row[],
  medicRows: MedicRow[],
  opts: { from: string; to: string; currency: string; hours: OfficeHours },
  moneyRows: MoneyRow[] = [],
): Report {
  const money = new Map(moneyRows.filter((r) => r.currency === opts.currency).map((r) => [r.month, r]));
  const byMonth = new Map<string, Row[]>();
  for (const row of rows) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  const months = monthsBetween(opts.from, opts.to).map((month): ReportMonth => {
    const here = byMonth.get(month) ?? [];
    const sum = (key: keyof Row) => here.reduce((n, r) => n + Number(r[key]), 0);
    const open = openHoursIn(month, opts.hours);
    // A medic who has turns but is no longer listed still has their booked hours counted.
    const ids = new Set([
      ...medicRows.map((m) => m.id),
      ...here.filter((r) => r.medicId > 0).map((r) => r.medicId),
    ]);
    const medicList = [...ids].map((id) => {
      const who = medicRows.find((m) => m.id === id);
      const row = here.find((r) => r.medicId === id);
      return {
        MedicID: id,
        name: who ? `${who.name} ${who.lastName}`.trim() : `#${id}`,
        bookedHours: round2((row?.bookedMinutes ?? 0) / 60),
        openHours: who ? open : 0,
      };
    });
    return {
      month,
      // In the report's currency only (the clinic's).
      billed: (money.get(month)?.billedCents ?? 0) / 100,
      collected: (money.get(month)?.collectedCents ?? 0) / 100,
      budgets: sum('budgets'),
      budgetsPaid: sum('budgetsPaid'),
      turns: sum('turns'),
      attended: sum('attended'),
      noShows: sum('noShows'),
      cancelled: sum('cancelled'),
      lateCancelled: sum('lateCancelled'),
      refilled: sum('refilled'),
      newPatients: sum('newPatients'),
      bookedHours: round2(sum('bookedMinutes') / 60),
      openHours: round2(medicList.reduce((n, m) => n + m.openHours, 0)),
      medics: medicList,
    };
  });
  return { currency: opts.currency, months };
}
