import { and, asc, count, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { Turn } from '../../contract/answers';
import { parseListSearch } from '../../contract/budgets';
import { type LiveNotice, turnsNotice } from '../../contract/live';
import { MSG } from '../../contract/messages';
import { batchSql, type Db, patientsOfRows, plainReader, type Reader } from '../../db/client';
import { likeContains } from '../../db/like';
import {
  budgets,
  medics,
  patients,
  sqlNow,
  turnCancellations,
  turnDays,
  turns,
  users,
} from '../../db/schema';
// The booked-slot queries the waitlist's services share live one floor down, in db/turns.
import { bookedOn, overlaps } from '../../db/turns.repo';
import { mailAddress, patientContains, stripControls } from '../../db/users.repo';
import { CONSULTATION } from '../clinics/clinics.repo';
import { countAndStamp, heldPage, holdPage, pageKey, pageStart } from './page-cache.repo';

export { bookedOn, overlaps };

/** A turn's answer columns, read from `t`: the turns table, or a page of it (the same names). */
const turnColumnsOf = (t: typeof turns) => ({
  ID: t.id,
  date: t.date,
  time: t.time,
  duration: t.duration,
  description: t.description,
  medicAccepts: t.medicAccepts,
  patientAccepts: t.patientAccepts,
  MedicID: t.medicId,
  PatientID: t.patientId,
  isConsultation: t.isConsultation,
  confirmedBy: t.confirmedBy,
  confirmedByMedicID: t.confirmedByMedicId,
  hoursFlag: t.hoursFlag,
  outcome: sql<'attended' | 'no-show' | null>`${t.outcome}`,
  patientConfirmed: t.patientConfirmed,
  emailConfirmed: users.emailConfirmed,
  // Named apart from turns.id: a batch maps its rows by column name.
  budgetID: sql<number | null>`${budgets.id}`.as('budget_id'),
  budgetPaid: budgets.paid,
  // drizzle builds the nested object as it reads each row: no second pass over the page.
  userPatient: { name: users.name, lastName: users.lastName, document: users.document },
});

function selectTurnsOf(db: Db, t: typeof turns) {
  return (
    db
      .select(turnColumnsOf(t))
      .from(t)
      .innerJoin(patients, eq(patients.id, t.patientId))
      .innerJoin(users, eq(users.id, patients.userId))
      // Only a consultation turn has a budget: the others skip the lookup.
      .leftJoin(budgets, and(eq(budgets.turnId, t.id), eq(t.isConsultation, true)))
  );
}

const selectTurns = (db: Db) => selectTurnsOf(db, turns);

export interface TurnFilter {
  from?: string;
  to?: string;
  patientId?: number;
  /** The patient's name or document, or words of the description (`parseListSearch`). */
  q?: string;
  limit: number;
  offset: number;
}

/** The page of `qb` (turns with their columns, or their patients' IDs) in date and time order. */
const pageOf = <T extends SQLiteSelect>(qb: T, where: SQL | undefined, limit: number, offset: number | SQL) =>
  // OFFSET takes any expression: the calendar's skip within its first day is computed in SQL.
  qb
    .where(where)
    .orderBy(asc(turns.date), asc(turns.time), asc(turns.id))
    .limit(limit)
    .offset(offset as number);

/** The page's rows; the access-log entry takes the page's patients from them (`PatientID`). */
const pageAndIds = (db: Db, where: SQL | undefined, limit: number, offset: number | SQL) => ({
  rows: pageOf(selectTurns(db).$dynamic(), where, limit, offset),
});

/**
 * Turns by date and time, optionally of one patient and within dates; with the full count. The
 * page and its count are one batch (`read`: in a request, with the access-log row).
 */
export async function listTurns(
  db: Db,
  filter: TurnFilter,
  read: Reader = plainReader(db),
): Promise<{ rows: Turn[]; total: number }> {
  const search = parseListSearch(filter.q ?? '');
  // The calendar's pages (held while unchanged) are of every turn; a search reads its own.
  if (filter.patientId === undefined && filter.from && filter.to && search.kind === 'none') {
    return listBetween(db, filter.from, filter.to, filter.limit, filter.offset, read);
  }
  const where: SQL[] = [];
  if (search.kind !== 'none') {
    const patient = patientContains([search.kind === 'document' ? 'document' : 'search_name'], search.term);
    where.push(
      or(
        sql`${turns.patientId} in (select ${patients.id} from ${patients} inner join ${users} on ${users.id} = ${patients.userId} where ${patient})`,
        likeContains(turns.description, stripControls(filter.q ?? '')),
      ) as SQL,
    );
  }
  if (filter.patientId !== undefined) where.push(eq(turns.patientId, filter.patientId));
  if (filter.from) where.push(gte(turns.date, filter.from));
  if (filter.to) where.push(lte(turns.date, filter.to));
  const condition = where.length > 0 ? and(...where) : undefined;
  const page = pageAndIds(db, condition, filter.limit, filter.offset);
  const [rows, totals] = await read([page.rows, db.select({ n: count() }).from(turns).where(condition)], {
    patientsIn: patientsOfRows('PatientID', 0),
  });
  return { rows, total: totals[0]?.n ?? 0 };
}

/**
 * The calendar's read, turns between two dates a page at a time, in one batch. The per-day counts
 * (turn_days) give the full count and the day the page starts on, so a page reads its own turns
 * and at most one day's turns before them, whatever its offset, instead of every turn it skips.
 * The first page, the one every calendar view asks for, starts on the first day; a later page
 * finds its first day and the turns to skip in it in SQL, from the running count of turns per day.
 */
async function listBetween(
  db: Db,
  from: string,
  to: string,
  limit: number,
  offset: number,
  read: Reader,
): Promise<{ rows: Turn[]; total: number }> {
  const key = pageKey(from, to, limit, offset);
  const held = heldPage(key);
  // Past every turn when the page held is still what the database holds: nothing is read again.
  const start = pageStart(from, to, held);
  const total = countAndStamp(db, from, to);
  // The page answered: the one held while its stamp is still the database's, else the one read.
  const shown = (totals: readonly { stamp: string }[], page: Turn[]) =>
    held && totals[0]?.stamp === held.stamp ? held.rows : page;
  const answer = (totals: { n: number; stamp: string }[], page: Turn[]) => {
    const rows = shown(totals, page);
    if (rows === page) holdPage(key, { stamp: totals[0]?.stamp ?? '', rows });
    return { rows, total: totals[0]?.n ?? 0 };
  };
  // The access-log entry names the patients of the page answered, held or read.
  const patientsIn = (results: readonly unknown[]) =>
    shown(results[0] as { stamp: string }[], results[1] as Turn[]).map((row) => row.PatientID);
  if (offset === 0) {
    const page = pageAndIds(db, and(gte(turns.date, start), lte(turns.date, to)), limit, 0);
    const [totals, rows] = await read([total, page.rows], { patientsIn });
    return answer(totals, rows);
  }
  // The first day whose running count passes the offset, and how many of its turns come before it:
  // one row, computed once (a common table expression both references below read). The window
  // hands its rows on in date order, so the first row past the offset is the first day, and it
  // stops reading days there (an ORDER BY over it would read the whole range and sort it).
  const firstDay = db.$with('first_day').as(
    db
      .select({
        date: sql<string>`date`.as('first_date'),
        skip: sql<number>`${offset} - (upto - n)`.as('first_skip'),
      })
      .from(
        sql`(select ${turnDays.date} as date, ${turnDays.n} as n, sum(${turnDays.n}) over (order by ${turnDays.date}) as upto from ${turnDays} where ${turnDays.date} >= ${start} and ${turnDays.date} <= ${to})`,
      )
      .where(sql`upto > ${offset}`)
      .limit(1),
  );
  // The page's turns alone first, skipping the first day's earlier turns by their date index,
  // then their patients, users and budgets: a skipped turn costs one row, not four.
  const pageTurns = db
    .with(firstDay)
    .select()
    .from(turns)
    .where(and(sql`${turns.date} >= (select first_date from ${firstDay})`, lte(turns.date, to)))
    .orderBy(asc(turns.date), asc(turns.time), asc(turns.id))
    .limit(limit)
    .offset(sql`coalesce((select first_skip from ${firstDay}), 0)` as unknown as number)
    .as('page_turns');
  // The subquery's fields are the table's columns under the same names.
  const inPage = pageTurns as unknown as typeof turns;
  const rows = selectTurnsOf(db, inPage).orderBy(asc(inPage.date), asc(inPage.time), asc(inPage.id));
  const [totals, page] = await read([total, rows], { patientsIn });
  return answer(totals, page);
}

export async function findTurn(db: Db, id: number): Promise<Turn | null> {
  const row = await selectTurns(db).where(eq(turns.id, id)).get();
  return row ?? null;
}

/** The live agenda's notice of a paid budget: the consultation turn it bills was accepted with it. */
export async function paidConsultationNotice(db: Db, budgetId: number): Promise<LiveNotice | null> {
  const turn = await db
    .select({ ID: turns.id, date: turns.date })
    .from(budgets)
    .innerJoin(turns, eq(turns.id, budgets.turnId))
    .where(eq(budgets.id, budgetId))
    .get();
  return turn ? turnsNotice([turn]) : null;
}

/** Whether `medicId` is an approved medic of the clinic (whose book a turn may go in). */
export async function isApprovedMedicId(db: Db, medicId: number): Promise<boolean> {
  const row = await db
    .select({ id: medics.id })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(and(eq(medics.id, medicId), eq(users.approved, true)))
    .get();
  return row !== undefined;
}

/** The name the patient's mail gives for the medic who acted: 'Dr. Julius Hibbert'. */
export async function medicName(db: Db, medicId: number | null): Promise<string | null> {
  if (medicId === null) return null;
  const row = await db
    .select({ title: medics.doctorTitle, name: users.name, lastName: users.lastName })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(eq(medics.id, medicId))
    .get();
  return row ? [row.title, row.name, row.lastName].filter(Boolean).join(' ') : null;
}

/** Every medic's name as the mails give it ('Dr. Julius Hibbert'), by medic ID: a clinic has a few. */
export async function medicNames(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: medics.id, title: medics.doctorTitle, name: users.name, lastName: users.lastName })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId));
  return new Map(rows.map((r) => [r.id, [r.title, r.name, r.lastName].filter(Boolean).join(' ')]));
}

/** A patient's consultation turn on or after `from`, if any (only one at a time). */
export async function upcomingConsultation(db: Db, patientId: number, from: string): Promise<number | null> {
  const row = await db
    .select({ id: turns.id })
    .from(turns)
    .where(and(eq(turns.patientId, patientId), eq(turns.isConsultation, true), gte(turns.date, from)))
    .get();
  return row?.id ?? null;
}

export interface NewTurn {
  date: string;
  time: number;
  duration: number;
  description: string;
  medicAccepts: boolean;
  medicId: number;
  patientId: number;
  consultation: boolean;
  /** For a patient's request: refuse when they already hold a consultation from this date on. */
  oneConsultationFrom?: string;
}

/**
 * Books a turn in ONE atomic batch (no double booking): the insert happens only when no
 * turn of that date in the same medic's book overlaps it (equal start times always overlap), so two requests racing for a slot give exactly one turn. A
 * consultation also gets its budget — one line of treatment 0101 — in the same batch, only when
 * the turn was inserted (`changes()`). Answers the new turn's ID, or null when the slot was taken.
 */
export async function insertTurn(db: Db, t: NewTurn): Promise<number | null> {
  const end = t.time + t.duration;
  const oneConsultation = t.oneConsultationFrom
    ? sql`AND NOT EXISTS (SELECT 1 FROM turns WHERE patient_id = ${t.patientId} AND is_consultation = 1 AND date >= ${t.oneConsultationFrom})`
    : sql``;
  const insert = sql`
    INSERT INTO turns (date, time, duration, description, medic_accepts, patient_accepts, medic_id, patient_id, is_consultation)
    SELECT ${t.date}, ${t.time}, ${t.duration}, ${t.description}, ${t.medicAccepts ? 1 : 0}, 0, ${t.medicId}, ${t.patientId}, ${t.consultation ? 1 : 0}
    WHERE NOT EXISTS (
      SELECT 1 FROM turns AS other
      WHERE other.date = ${t.date} AND other.medic_id = ${t.medicId} AND ${overlaps('other', t.time, end)}
    ) ${oneConsultation}
    RETURNING id`;
  if (!t.consultation) {
    const [rows] = await batchSql(db, [insert]);
    return (rows?.[0]?.id as number | undefined) ?? null;
  }
  const price = sql`COALESCE((SELECT price_cents FROM treatments WHERE id = ${CONSULTATION.id}), ${CONSULTATION.priceCents})`;
  const [rows] = await batchSql(db, [
    insert,
    sql`
      INSERT INTO budgets (patient_id, total_cents, turn_id, currency)
      SELECT ${t.patientId}, ${price}, last_insert_rowid(),
        COALESCE((SELECT currency FROM clinics ORDER BY id LIMIT 1), 'ARS') WHERE changes() = 1`,
    sql`
      INSERT INTO budget_lines (budget_id, treatment_id, treatment_type, description, price_cents, quantity, sub_total_cents)
      SELECT last_insert_rowid(), ${CONSULTATION.id},
        COALESCE((SELECT treatment_type FROM treatments WHERE id = ${CONSULTATION.id}), ${CONSULTATION.treatmentType}),
        COALESCE((SELECT description FROM treatments WHERE id = ${CONSULTATION.id}), ${CONSULTATION.description}),
        ${price}, 1, ${price}
      WHERE changes() = 1`,
  ]);
  return (rows?.[0]?.id as number | undefined) ?? null;
}

/** The medic's 'Accept?'. */
export async function acceptAsMedic(db: Db, id: number): Promise<void> {
  await db.update(turns).set({ medicAccepts: true }).where(eq(turns.id, id));
}

/** A consultation is accepted for the patient only once its budget is paid (SPEC's rule). */
const consultationPaid = sql`(${turns.isConsultation} = 0 OR EXISTS (SELECT 1 FROM budgets WHERE turn_id = ${turns.id} AND paid = 1))`;

/**
 * The patient's Accept: a consultation only once its budget is paid. The condition is in
 * the update itself, so it holds even against a concurrent change. Answers whether it took.
 */
export async function acceptAsPatient(db: Db, id: number, patientId: number): Promise<boolean> {
  const rows = await db
    .update(turns)
    .set({ patientAccepts: true, confirmedBy: 'patient', confirmedByMedicId: null })
    .where(and(eq(turns.id, id), eq(turns.patientId, patientId), consultationPaid))
    .returning({ id: turns.id });
  return rows.length > 0;
}

/**
 * A medic of the clinic sets the patient's acceptance for them ('Confirmed by phone', or at the
 * desk), under the same paid-consultation condition as the patient's own Accept; the turn keeps who
 * (`medicId`) and how. Answers whether it took.
 */
export async function confirmForPatient(
  db: Db,
  id: number,
  how: 'phone' | 'desk',
  medicId: number | null,
): Promise<boolean> {
  const rows = await db
    .update(turns)
    .set({ patientAccepts: true, confirmedBy: how, confirmedByMedicId: medicId })
    .where(and(eq(turns.id, id), consultationPaid))
    .returning({ id: turns.id });
  return rows.length > 0;
}

/**
 * Cancel deletes the turn and its consultation budget while unpaid, in one batch. With
 * `onlyIfNotAccepted` the delete holds only while the medic has not accepted, so an acceptance
 * racing the cancel cannot slip past the 24-hour rule. Answers whether the turn was deleted.
 */
export async function deleteTurn(db: Db, id: number, onlyIfNotAccepted: boolean): Promise<boolean> {
  const guard = onlyIfNotAccepted ? sql`AND medic_accepts = 0` : sql``;
  const [deleted] = await batchSql(db, [
    sql`DELETE FROM turns WHERE id = ${id} ${guard} RETURNING id`,
    // The turn's unpaid budget goes with it, unless money ever moved on it (a payment since refunded
    // keeps its budget: the refund, and any credit it left, stay on record).
    sql`DELETE FROM budgets WHERE turn_id = ${id} AND paid = 0 AND NOT EXISTS (SELECT 1 FROM turns WHERE id = ${id})
          AND NOT EXISTS (SELECT 1 FROM budget_payments WHERE budget_id = budgets.id)`,
    // One paid in part (a deposit) is voided: nothing more is asked for a consultation that will not
    // happen, and what was paid stays on it, to be refunded from its summary.
    sql`UPDATE budgets SET voided_at = ${sqlNow}, void_reason = ${MSG.consultationCancelled}, updated_at = ${sqlNow},
          link_payment = NULL, id_payment = NULL, checkout_cents = NULL
        WHERE turn_id = ${id} AND paid = 0 AND voided_at IS NULL AND NOT EXISTS (SELECT 1 FROM turns WHERE id = ${id})`,
  ]);
  return (deleted?.length ?? 0) > 0;
}

export interface TurnMove {
  id: number;
  /** Where the turn was when the move was judged: the move holds only if it is still there. */
  from: { date: string; time: number };
  to: { date: string; time: number };
  duration: number;
}

/**
 * Moves a turn in ONE atomic statement, under the same overlap rule as booking one (equal start
 * times always overlap): the update happens
 * only when no other turn of the new date overlaps it, so N moves racing into one slot give exactly
 * one winner (turns overlap only in the same medic's book). The moved turn is the medic's again and waits for the patient's acceptance. Answers
 * whether it moved.
 */
export async function moveTurn(db: Db, m: TurnMove): Promise<boolean> {
  const end = m.to.time + m.duration;
  const [rows] = await batchSql(db, [
    sql`
      UPDATE turns SET date = ${m.to.date}, time = ${m.to.time}, medic_accepts = 1, patient_accepts = 0,
        confirmed_by = NULL, confirmed_by_medic_id = NULL, hours_flag = NULL
      WHERE id = ${m.id} AND date = ${m.from.date} AND time = ${m.from.time}
        AND NOT EXISTS (
          SELECT 1 FROM turns AS other
          WHERE other.date = ${m.to.date} AND other.id <> ${m.id} AND other.medic_id = turns.medic_id
            AND ${overlaps('other', m.to.time, end)}
        )
      RETURNING id`,
  ]);
  return (rows?.length ?? 0) > 0;
}

/** Whom to mail about a patient's turn. */
export function patientContact(
  db: Db,
  patientId: number,
): Promise<{ email: string; name: string } | undefined> {
  return db
    .select({ email: mailAddress, name: users.name })
    .from(patients)
    .innerJoin(users, eq(users.id, patients.userId))
    .where(eq(patients.id, patientId))
    .get();
}

/** The turns from `today` on that no change of hours has marked yet: where each is, to judge against new hours. */
export function unmarkedFrom(db: Db, today: string) {
  return db
    .select({ id: turns.id, date: turns.date, time: turns.time, duration: turns.duration })
    .from(turns)
    .where(and(gte(turns.date, today), isNull(turns.hoursFlag)))
    .all();
}

/** These turns, in date and time order, with the access-log row of their patients (`read`). */
export async function turnsByIds(db: Db, ids: number[], read: Reader = plainReader(db)): Promise<Turn[]> {
  if (ids.length === 0) return [];
  const where = inArray(turns.id, ids);
  const page = pageAndIds(db, where, ids.length, 0);
  const [rows] = await read([page.rows], { patientsIn: patientsOfRows('PatientID', 0) });
  return rows;
}

/** Every turn on the desk's "needs moving" list, in date and time order. */
export async function needsMoving(db: Db, read: Reader = plainReader(db)): Promise<Turn[]> {
  const where = eq(turns.hoursFlag, 'needs-moving');
  const page = pageAndIds(db, where, 200, 0);
  const [rows] = await read([page.rows], { patientsIn: patientsOfRows('PatientID', 0) });
  return rows;
}

/**
 * The pending requests of accounts whose email is not confirmed: turns the medic has not accepted,
 * from `fromDate` on, of patients who never used their sign-up's link. A paid consultation is left
 * out (its patient is real enough to pay). The caller drops those that have started.
 */
export async function unconfirmedRequests(
  db: Db,
  fromDate: string,
  read: Reader = plainReader(db),
): Promise<Turn[]> {
  const where = and(
    eq(turns.medicAccepts, false),
    eq(users.emailConfirmed, false),
    gte(turns.date, fromDate),
    sql`coalesce(${budgets.paid}, 0) = 0`,
  );
  const page = pageAndIds(db, where, 500, 0);
  const [rows] = await read([page.rows], { patientsIn: patientsOfRows('PatientID', 0) });
  return rows;
}

/** Marks turns left outside the hours: 'kept' there on purpose, or 'needs-moving' for the desk. */
export async function markOutsideHours(db: Db, ids: number[], flag: 'kept' | 'needs-moving'): Promise<void> {
  if (ids.length === 0) return;
  await db.update(turns).set({ hoursFlag: flag }).where(inArray(turns.id, ids));
}

/** Records a cancelled turn for the reports. */
export async function insertCancellation(db: Db, row: typeof turnCancellations.$inferInsert): Promise<void> {
  await db.insert(turnCancellations).values(row);
}

/** Sets a turn's outcome (attended or no-show). */
export async function setOutcome(db: Db, id: number, outcome: 'attended' | 'no-show'): Promise<void> {
  await db.update(turns).set({ outcome }).where(eq(turns.id, id));
}
