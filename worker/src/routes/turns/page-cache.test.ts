import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { call, db, seed, signInMedic } from '../../../test/helpers';
import type { Turn } from '../../contract/answers';
import { seedBenchPatients } from '../../local/bench/patients';
import { seedBenchTurns } from '../../local/bench/turns';

const FROM = '2030-01-01';
const TO = '2030-01-31';

function rowsReadOf(res: Response): number {
  const m = /db;desc="rows_read=(\d+)/.exec(res.headers.get('server-timing') ?? '');
  return m ? Number(m[1]) : Number.NaN;
}

/**
 * The calendar's pages held by the worker (page-cache.repo.ts): a page read again while nothing in it
 * changed is not read again, and any change to what it shows — made by any path, here straight in
 * SQL — is in the next answer, the same answer a page never held gives.
 */
describe('a calendar page held by the worker', () => {
  let medic: string;
  // Each never-held read asks for a limit no other read used: a page the worker does not hold.
  let fresh = 150;
  const page = async (limit = 200, offset = 0) => {
    const res = await call(`/api/turns?from=${FROM}&to=${TO}&limit=${limit}&offset=${offset}`, {
      token: medic,
    });
    expect(res.status).toBe(200);
    return { res, rows: await res.json<Turn[]>(), total: Number(res.headers.get('x-total-count')) };
  };
  const neverHeld = () => page(fresh++);

  beforeAll(async () => {
    await seed();
    await seedBenchPatients(db(), 30);
    await seedBenchTurns(db(), 40);
    medic = await signInMedic();
  });

  test('is answered again without reading its turns, while nothing in it changed', async () => {
    const first = await page();
    expect(first.rows.length).toBe(40);
    expect(rowsReadOf(first.res)).toBeGreaterThan(3 * 40);
    const again = await page();
    expect(again.rows).toEqual(first.rows);
    expect(again.total).toBe(40);
    // The session, the month's days (twice: the count and the stamp) and the epoch: no turn.
    expect(rowsReadOf(again.res)).toBeLessThan(40);
    const later = await page(20, 20);
    const laterAgain = await page(20, 20);
    expect(laterAgain.rows).toEqual(later.rows);
    expect(rowsReadOf(laterAgain.res)).toBeLessThan(40);
  });

  test("is still in the access log, with the page's patients, when it is answered again", async () => {
    await page();
    const again = await page();
    expect(rowsReadOf(again.res)).toBeLessThan(40);
    const requestId = again.res.headers.get('x-audit-queued') ?? '';
    const logged = await db()
      .$client.prepare('select action, patient_ids as ids from audit_log where request_id = ?')
      .bind(requestId)
      .first<{ action: string; ids: string }>();
    expect(logged?.action).toBe('read turns');
    expect(new Set(JSON.parse(logged?.ids ?? '[]'))).toEqual(new Set(again.rows.map((t) => t.PatientID)));
  });

  const turnOf = (rows: Turn[], at: number) => rows[at] as Turn;

  test.each<[string, (rows: Turn[]) => SQL, (before: Turn[], after: Turn[]) => void]>([
    [
      'a turn booked on a day of the page',
      () => sql`insert into turns (date, time, duration, description, medic_id, patient_id)
        select ${FROM}, 8.5, 0.5, 'new one', 1, min(id) from patients`,
      (before, after) => {
        expect(after.length).toBe(before.length + 1);
        expect(turnOf(after, 0).description).toBe('new one');
      },
    ],
    [
      'a turn moved to another hour',
      (rows) => sql`update turns set time = 18 where id = ${turnOf(rows, 1).ID}`,
      (before, after) => expect(after.find((t) => t.ID === turnOf(before, 1).ID)?.time).toBe(18),
    ],
    [
      'a turn moved out of the page',
      (rows) => sql`update turns set date = '2031-06-01' where id = ${turnOf(rows, 2).ID}`,
      (before, after) => expect(after.some((t) => t.ID === turnOf(before, 2).ID)).toBe(false),
    ],
    [
      'a turn cancelled',
      (rows) => sql`delete from turns where id = ${turnOf(rows, 3).ID}`,
      (before, after) => expect(after.length).toBe(before.length - 1),
    ],
    [
      "a turn's outcome",
      (rows) => sql`update turns set outcome = 'no-show' where id = ${turnOf(rows, 4).ID}`,
      (before, after) => expect(after.find((t) => t.ID === turnOf(before, 4).ID)?.outcome).toBe('no-show'),
    ],
    [
      "a patient's name",
      (rows) =>
        sql`update users set name = 'Renamed' where id = (select user_id from patients where id = ${turnOf(rows, 5).PatientID})`,
      (before, after) =>
        expect(after.find((t) => t.ID === turnOf(before, 5).ID)?.userPatient.name).toBe('Renamed'),
    ],
    [
      "a patient's email confirmed",
      (rows) =>
        sql`update users set email_confirmed = 1 - email_confirmed where id = (select user_id from patients where id = ${turnOf(rows, 6).PatientID})`,
      (before, after) =>
        expect(after.find((t) => t.ID === turnOf(before, 6).ID)?.emailConfirmed).toBe(
          !turnOf(before, 6).emailConfirmed,
        ),
    ],
    [
      "a consultation's budget",
      (rows) => sql`update turns set is_consultation = 1 where id = ${turnOf(rows, 7).ID}`,
      (before, after) => expect(after.find((t) => t.ID === turnOf(before, 7).ID)?.isConsultation).toBe(true),
    ],
    [
      "the consultation's budget, added",
      (rows) => sql`insert into budgets (patient_id, total_cents, turn_id)
        values (${turnOf(rows, 7).PatientID}, 5000, ${turnOf(rows, 7).ID})`,
      (before, after) => expect(after.find((t) => t.ID === turnOf(before, 7).ID)?.budgetID).not.toBeNull(),
    ],
    [
      "the consultation's budget, paid",
      (rows) => sql`update budgets set paid = 1 where turn_id = ${turnOf(rows, 7).ID}`,
      (before, after) => expect(after.find((t) => t.ID === turnOf(before, 7).ID)?.budgetPaid).toBe(true),
    ],
  ])('shows %s in its next answer', async (_change, change, check) => {
    const before = (await page()).rows;
    await page();
    await db().run(change(before));
    const after = await page();
    check(before, after.rows);
    const truth = await neverHeld();
    expect(after.rows).toEqual(truth.rows);
    expect(after.total).toBe(truth.total);
  });
});
