import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { medicAgendas, medics, patients, turnReminders, turns, users } from '../db/schema';
import { mailAddress } from '../db/users.repo';

/**
 * The turns on `dates` the medic's side accepted (the patient's acceptance may still be pending:
 * they are reminded too, and asked to confirm), of patients who keep reminders on, that have no
 * reminder for their date and time yet, with the patient's email and name.
 */
export async function turnsToRemind(db: Db, dates: string[]) {
  return db
    .select({
      id: turns.id,
      date: turns.date,
      time: turns.time,
      duration: turns.duration,
      patientAccepts: turns.patientAccepts,
      hoursFlag: turns.hoursFlag,
      patientId: patients.id,
      optOutVersion: patients.optOutVersion,
      email: mailAddress,
      name: users.name,
    })
    .from(turns)
    .innerJoin(patients, eq(patients.id, turns.patientId))
    .innerJoin(users, eq(users.id, patients.userId))
    .where(
      and(
        inArray(turns.date, dates),
        eq(turns.medicAccepts, true),
        eq(patients.reminders, true),
        sql`NOT EXISTS (SELECT 1 FROM turn_reminders r WHERE r.turn_id = ${turns.id} AND r.date = ${turns.date} AND r.time = ${turns.time})`,
      ),
    )
    .all();
}

/**
 * Puts a turn the clinic's hours no longer hold on the desk's "needs moving" list, unless the desk
 * chose to keep it there (marked 'kept').
 */
export async function flagNeedsMoving(db: Db, id: number): Promise<void> {
  await db
    .update(turns)
    .set({ hoursFlag: 'needs-moving' })
    .where(and(eq(turns.id, id), sql`${turns.hoursFlag} IS NULL`));
}

/** Claims the reminder of a turn at its date and time under a unique key: undefined when taken. */
export async function claimReminder(
  db: Db,
  turn: { id: number; date: string; time: number },
): Promise<{ id: number } | undefined> {
  const [claim] = await db
    .insert(turnReminders)
    .values({ turnId: turn.id, date: turn.date, time: turn.time })
    .onConflictDoNothing()
    .returning({ id: turnReminders.id });
  return claim;
}

/** Releases a claim whose mail was not handed over: the next run tries again. */
export async function releaseReminder(db: Db, claim: { id: number }): Promise<void> {
  await db.delete(turnReminders).where(eq(turnReminders.id, claim.id));
}

/** The day's turns in time order, with the patient's full name. */
export async function agendaTurns(db: Db, date: string) {
  const patientUser = sql`(SELECT u.name || ' ' || u.last_name FROM patients p JOIN users u ON u.id = p.user_id WHERE p.id = ${turns.patientId})`;
  return db
    .select({
      medicId: turns.medicId,
      time: turns.time,
      duration: turns.duration,
      description: turns.description,
      medicAccepts: turns.medicAccepts,
      patientAccepts: turns.patientAccepts,
      patient: sql<string>`${patientUser}`,
    })
    .from(turns)
    .where(eq(turns.date, date))
    .orderBy(asc(turns.time))
    .all();
}

/** The approved medics among `medicIds`, with their email and name. */
export async function approvedMedics(db: Db, medicIds: number[]) {
  return db
    .select({ medicId: medics.id, email: users.email, name: users.name })
    .from(medics)
    .innerJoin(users, eq(users.id, medics.userId))
    .where(and(eq(users.approved, true), inArray(medics.id, medicIds)))
    .all();
}

/** Claims a medic's agenda of `date` under a unique key: undefined when taken. */
export async function claimAgenda(
  db: Db,
  medicId: number,
  date: string,
): Promise<{ id: number } | undefined> {
  const [claim] = await db
    .insert(medicAgendas)
    .values({ medicId, date })
    .onConflictDoNothing()
    .returning({ id: medicAgendas.id });
  return claim;
}

/** Releases an agenda claim whose mail was not handed over. */
export async function releaseAgenda(db: Db, claim: { id: number }): Promise<void> {
  await db.delete(medicAgendas).where(eq(medicAgendas.id, claim.id));
}
