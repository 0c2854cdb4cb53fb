import { Hono } from 'hono';
import { readBatch } from '../../auth/access';
import { officeHoursOf } from '../../contract/clinic';
import { REPORT_COLUMNS, type ReportMonth, ReportQuerySchema, ReportSchema } from '../../contract/reports';
import { localDate } from '../../contract/turns';
import { clinicFrom, clinicQuery } from '../../db/clinics.repo';
import type { Env } from '../../env';
import { csvAnswer, csvFileName, toCsv } from '../../lib/csv';
import { csv, json, route } from '../../lib/route';
import { queryOf } from '../../lib/validate';
import { reportFrom, reportMedicsQuery, reportMoneyQuery, reportRowsQuery } from './reports.repo';

/**
 * The clinic's figures per month (billed, collected, budgets, turns and their outcomes,
 * cancellations, refilled starts, new patients, chair occupancy), read from the monthly roll-up
 * the database keeps by triggers (migration 0034), as JSON or as a CSV file.
 */
export const reportsRoutes = new Hono<Env>().get(
  '/',
  route({
    // The clinic's monthly figures (and their CSV): aggregates, no patient's data.
    who: 'medic',
    audit: 'read report',
    summary: "The clinic's figures per month",
    description:
      'Whole months from `from` to `to` (at most 24): billed and collected (in the clinic’s currency: budgets made in another one before it changed are left out of them), budgets made and paid, turns, attended, no-shows, cancelled (late ones apart), starts refilled from the waitlist, new patients, booked and open hours (each medic apart in `medics`). Read from a monthly roll-up the database keeps by triggers.',
    success: [json(200, ReportSchema, 'The months, oldest first.'), csv('the months')],
  }),
  queryOf(ReportQuerySchema),
  async (c) => {
    const { from, to, format } = c.req.valid('query');
    const db = c.get('db');
    // The clinic, its medics and the months' rows in one batch.
    const [clinicRows, medicRows, rows, moneyRows] = await readBatch(c, [
      clinicQuery(db),
      reportMedicsQuery(db),
      reportRowsQuery(db, from, to),
      reportMoneyQuery(db, from, to),
    ]);
    const clinic = clinicFrom(clinicRows);
    const report = reportFrom(
      rows,
      medicRows,
      {
        from,
        to,
        currency: clinic?.currency ?? 'ARS',
        hours: clinic ? officeHoursOf(clinic) : [[], [], [], [], [], [], []],
      },
      moneyRows,
    );
    if (format === 'csv') {
      const today = localDate(new Date(), clinic?.timeZone ?? 'UTC');
      const columns = REPORT_COLUMNS.map(
        ([key, header]) => [header, (m: ReportMonth) => m[key] as string | number] as const,
      );
      return csvAnswer(c, csvFileName(clinic?.name ?? '', 'report', today), toCsv(columns, report.months));
    }
    return c.json(report, 200);
  },
);
