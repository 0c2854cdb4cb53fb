import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { patients } from '../../db/schema';

/** Whether patient `patientId` gets reminder mails; undefined when there is no such patient. */
export async function remindersOf(db: Db, patientId: number): Promise<boolean | undefined> {
  const row = await db
    .select({ reminders: patients.reminders })
    .from(patients)
    .where(eq(patients.id, patientId))
    .get();
  return row?.reminders;
}

export async function setReminders(db: Db, patientId: number, enabled: boolean): Promise<void> {
  await db.update(patients).set({ reminders: enabled }).where(eq(patients.id, patientId));
}

/** The opt-out version the patient's current links sign; undefined when there is no such patient. */
export async function optOutVersionOf(db: Db, patientId: number): Promise<number | undefined> {
  const row = await db
    .select({ version: patients.optOutVersion })
    .from(patients)
    .where(eq(patients.id, patientId))
    .get();
  return row?.version;
}

/**
 * An opt-out link used: reminders off and the version moved on, in one statement that holds only
 * while the version is still the one the link signed. False when another use got there first, so
 * two clicks of one link switch reminders off once.
 */
export async function useOptOut(db: Db, patientId: number, version: number): Promise<boolean> {
  const used = await db
    .update(patients)
    .set({ reminders: false, optOutVersion: sql`${patients.optOutVersion} + 1` })
    .where(and(eq(patients.id, patientId), eq(patients.optOutVersion, version)))
    .returning({ id: patients.id });
  return used.length > 0;
}
