import * as v from 'valibot';
import { FormatQuery } from './format';
import { MSG } from './messages';
import { isCalendarDate } from './person';

/** A report covers whole months, at most this many. */
export const REPORT_MAX_MONTHS = 24;

const reportDate = v.pipe(v.optional(v.string(), ''), v.check(isCalendarDate, MSG.invalidDate));

/** Months from `from`'s to `to`'s, both included (YYYY-MM). */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    out.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/** GET /api/reports?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv]: whole months, `from` not after `to`. */
export const ReportQuerySchema = v.pipe(
  v.object({ from: reportDate, to: reportDate, format: FormatQuery }),
  v.forward(
    v.check(
      (q) => q.from <= q.to && monthsBetween(q.from, q.to).length <= REPORT_MAX_MONTHS,
      MSG.invalidReportPeriod,
    ),
    ['to'],
  ),
);

export const ReportMedicSchema = v.object({
  MedicID: v.number(),
  name: v.string(),
  bookedHours: v.number(),
  openHours: v.number(),
});

export const ReportMonthSchema = v.object({
  month: v.string(),
  /** Total of the budgets made in the month (voided ones left out), in the clinic's currency units (budgets made in another currency left out). */
  billed: v.number(),
  /** Payments received in the month less refunds given, in currency units. */
  collected: v.number(),
  budgets: v.number(),
  budgetsPaid: v.number(),
  turns: v.number(),
  attended: v.number(),
  noShows: v.number(),
  cancelled: v.number(),
  lateCancelled: v.number(),
  refilled: v.number(),
  newPatients: v.number(),
  bookedHours: v.number(),
  openHours: v.number(),
  /** Each medic's chair: booked over open hours. */
  medics: v.array(ReportMedicSchema),
});

export const ReportSchema = v.object({
  currency: v.string(),
  months: v.array(ReportMonthSchema),
});

export type ReportMonth = v.InferOutput<typeof ReportMonthSchema>;
export type Report = v.InferOutput<typeof ReportSchema>;

/** The report's columns as the CSV and the screen's tables name them, in order. */
export const REPORT_COLUMNS = [
  ['month', 'Month'],
  ['billed', 'Billed'],
  ['collected', 'Collected'],
  ['budgets', 'Budgets'],
  ['budgetsPaid', 'Budgets paid'],
  ['turns', 'Turns'],
  ['attended', 'Attended'],
  ['noShows', 'No-shows'],
  ['cancelled', 'Cancelled'],
  ['lateCancelled', 'Late cancelled'],
  ['refilled', 'Refilled'],
  ['newPatients', 'New patients'],
  ['bookedHours', 'Booked hours'],
  ['openHours', 'Open hours'],
] as const satisfies ReadonlyArray<readonly [keyof ReportMonth, string]>;
